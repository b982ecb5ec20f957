// Real image files made by sharp for the upload tests.
import sharp from "sharp";

export const png = (width = 8, height = 6, background = "red") =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
export const jpeg = (width = 8, height = 6) =>
  sharp({ create: { width, height, channels: 3, background: "green" } })
    .jpeg()
    .toBuffer();
export const avif = () =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: "blue" } })
    .avif()
    .toBuffer();

async function frames() {
  const a = await png(8, 8, "red");
  const b = await png(8, 8, "blue");
  return [a, b];
}
/** A two-frame animated GIF. */
export const animatedGif = async () =>
  sharp(await frames(), { join: { animated: true } })
    .gif()
    .toBuffer();
/** A two-frame animated WebP. */
export const animatedWebp = async () =>
  sharp(await frames(), { join: { animated: true } })
    .webp()
    .toBuffer();

/** An 8×4 JPEG carrying EXIF GPS coordinates and orientation 6 (rotate 90° to display). */
export const jpegWithGps = () =>
  sharp({ create: { width: 8, height: 4, channels: 3, background: "yellow" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** True when an EXIF block contains the GPS IFD pointer tag (0x8825) in either byte order. */
export const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
export const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
export const TEXT = Buffer.from("just some text, named .png");
