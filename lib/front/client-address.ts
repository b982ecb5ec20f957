import type { IncomingMessage } from "node:http";
import { PEER_HEADER, peerStamp } from "@/lib/api/client-ip";

/**
 * The first job of the front: the request carries its TCP peer address under a header only this
 * process can sign (lib/api/client-ip.ts: X-Forwarded-For is believed from TRUSTED_PROXIES only), since
 * Next.js does not tell route handlers who the peer is. Overwrites whatever the client sent under it.
 */
export function stampClientAddress(req: IncomingMessage): void {
  req.headers[PEER_HEADER] = peerStamp(req.socket.remoteAddress ?? "");
}
