/* eslint-disable @next/next/no-img-element -- avatars are small user-supplied or generated images */

/** `decorative`: the name is written next to the image, so the image has an empty alt (no repeated name). */
export function Avatar({ src, name, size = 32, decorative = false }: { src: string; name: string; size?: number; decorative?: boolean }) {
  return (
    <img
      src={src}
      alt={decorative ? "" : name}
      title={name}
      width={size}
      height={size}
      loading="lazy"
      className="inline-block shrink-0 rounded-full bg-zinc-200 object-cover ring-2 ring-white dark:bg-zinc-700 dark:ring-zinc-950"
      style={{ width: size, height: size }}
    />
  );
}
