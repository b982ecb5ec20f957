export default function Page() {
  return (
    <main>
      <h1>Hello</h1>
      <p>A hello-world Next.js App Router page: the root layout and this paragraph, nothing else.</p>
    </main>
  );
}
