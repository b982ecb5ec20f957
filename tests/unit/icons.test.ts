import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPRITE_ICONS } from "@/components/ui/icon-names";
import { buildSprite } from "@/scripts/gen-icons";

describe("icon sprite", () => {
  it("public/icons.svg holds exactly the icons <Icon> may name, drawn from the installed lucide version", async () => {
    const committed = readFileSync("public/icons.svg", "utf8");
    expect(committed).toBe(await buildSprite());
    for (const name of SPRITE_ICONS) expect(committed).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
  });
});
