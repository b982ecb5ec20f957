/* eslint-disable @next/next/no-img-element -- avatars are small user-supplied or generated images */

/** The sizes with a class in app/globals.css (`a24` is 24 px square): no width/height attributes on every avatar of a list. */
const SIZED = new Set([20, 24, 28, 32, 36, 40, 48, 72, 96]);

/** `decorative`: the name is written next to the image, so the image has an empty alt (no repeated name). */
export function Avatar({ src, name, size = 32, decorative = false }: { src: string; name: string; size?: number; decorative?: boolean }) {
  const sized = SIZED.has(size);
  return (
    <img
      src={src}
      alt={decorative ? "" : name}
      title={decorative ? undefined : name}
      width={sized ? undefined : size}
      height={sized ? undefined : size}
      loading="lazy"
      className={sized ? `avatar a${size}` : "avatar"}
    />
  );
}
