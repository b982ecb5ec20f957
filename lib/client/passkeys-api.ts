import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { apiFetch } from "@/lib/client/api-client";
import type { PasskeyDto } from "@/lib/validation/passkeys";

type CreationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];
type RequestOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** The browser's calls for passkeys (Settings → Passkeys, and the sign-in page's button). */
export const passkeysApi = {
  list: () => apiFetch<PasskeyDto[]>("/api/users/me/passkeys"),
  /** Asks the server for a challenge, lets the device make a passkey, and has the server keep it. */
  add: async (name: string) => {
    const options = await apiFetch<CreationOptions>("/api/users/me/passkeys/options", { method: "POST" });
    const response = await startRegistration({ optionsJSON: options });
    return apiFetch<PasskeyDto>("/api/users/me/passkeys", {
      body: { response: JSON.parse(JSON.stringify(response)), ...(name.trim() ? { name: name.trim() } : {}) },
    });
  },
  rename: (id: number, name: string) => apiFetch<PasskeyDto>(`/api/users/me/passkeys/${id}`, { method: "PUT", body: { name } }),
  remove: (id: number) => apiFetch<{ deleted: true }>(`/api/users/me/passkeys/${id}`, { method: "DELETE" }),
  /** A sign-in challenge answered by one of this site's passkeys (the username, when given, narrows the choice). */
  assert: async (username: string) => {
    const options = await apiFetch<RequestOptions>("/api/auth/passkey/options", {
      body: username.trim() ? { username: username.trim() } : {},
    });
    return startAuthentication({ optionsJSON: options });
  },
};
