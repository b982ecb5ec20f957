import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPRITE_ICONS } from "@/components/ui/icon-names";
import { buildIcons, SPRITE_PATH, SPRITE_URL_MODULE } from "@/scripts/gen-icons";
import { ICON_SPRITE_URL } from "@/components/ui/icon-sprite";

describe("icon sprite and stylesheet", () => {
  it("public/icons.svg and app/icons.css hold exactly the icons <Icon> may name, drawn from the installed lucide version", async () => {
    const svg = readFileSync(`public${SPRITE_PATH}`, "utf8");
    const css = readFileSync("app/icons.css", "utf8");
    const ts = readFileSync(SPRITE_URL_MODULE, "utf8");
    expect({ svg, css, ts }).toEqual(await buildIcons());
    // Each class points at its own view of the sprite, under the sprite's current content hash (a changed
    // sprite is a new URL, so a browser's year-long copy of the old one is never used for it).
    const version = createHash("sha256").update(svg).digest("hex").slice(0, 12);
    // The URL the root layout preloads is the one the classes paint.
    expect(ICON_SPRITE_URL).toBe(`${SPRITE_PATH}?v=${version}`);
    for (const name of SPRITE_ICONS) {
      expect(css).toContain(`.i-${name} { --icon: url("${SPRITE_PATH}?v=${version}#${name}"); }`);
      expect(svg).toMatch(new RegExp(`<view id='${name}' viewBox='\\d+ 0 24 24'/>`));
    }
    expect(css.match(/\.i-[a-z-]+ \{/g)).toHaveLength(SPRITE_ICONS.length);
    expect(svg.match(/<view /g)).toHaveLength(SPRITE_ICONS.length);
  });
});
