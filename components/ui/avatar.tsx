/* eslint-disable @next/next/no-img-element -- avatars are small user-supplied or generated images */

/** `decorative`: the name is written next to the image, so the image has an empty alt (no repeated name). */
export function Avatar({ src, name, size = 32, decorative = false }: { src: string; name: string; size?: number; decorative?: boolean }) {
  return (
    <img
      src={src}
      alt={decorative ? "" : name}
      title={decorative ? undefined : name}
      width={size}
      height={size}
      loading="lazy"
      className="avatar"
    />
  );
}
