import type { ReactNode } from "react";

// The framework's floor for bench/lighthouse.ts: what any Next.js App Router page costs, nothing of the forum.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
