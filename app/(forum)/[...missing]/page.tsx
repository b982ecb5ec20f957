import { notFound } from "next/navigation";

// Any path no route claims lands here, so its 404 page is drawn inside the forum's layout (header,
// footer) by app/(forum)/not-found.tsx. The root app/not-found.tsx can then stay bare: Next embeds the
// root not-found tree in every page's RSC payload, and with the site shell in it that was a second copy
// of the header (~3.5 KB) on every page.
export default function MissingPage(): never {
  notFound();
}
