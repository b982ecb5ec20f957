/* eslint-disable @next/next/no-img-element -- avatars are small user-supplied or generated images */

export function Avatar({ src, name, size = 32 }: { src: string; name: string; size?: number }) {
  return (
    <img
      src={src}
      alt={name}
      title={name}
      width={size}
      height={size}
      loading="lazy"
      className="inline-block shrink-0 rounded-full bg-zinc-200 object-cover ring-2 ring-white dark:bg-zinc-700 dark:ring-zinc-950"
      style={{ width: size, height: size }}
    />
  );
}
