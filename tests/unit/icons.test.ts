import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPRITE_ICONS } from "@/components/ui/icon-names";
import { buildIconCss } from "@/scripts/gen-icons";

describe("icon stylesheet", () => {
  it("app/icons.css holds exactly the icons <Icon> may name, drawn from the installed lucide version", async () => {
    const committed = readFileSync("app/icons.css", "utf8");
    expect(committed).toBe(await buildIconCss());
    for (const name of SPRITE_ICONS) expect(committed).toMatch(new RegExp(`\\.i-${name} \\{ --icon: url\\("data:image/svg\\+xml,%3Csvg `));
    expect(committed.match(/\.i-[a-z-]+ \{/g)).toHaveLength(SPRITE_ICONS.length);
  });
});
