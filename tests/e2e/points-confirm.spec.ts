import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { PostPage } from "./pages/post-page";
import { signIn } from "./pages/session";

/** where points move, the page shows the cost and the balance after, and asks once. */

const balance = async (request: APIRequestContext, token: string) =>
  ((await (await request.get("/api/users/me", { headers: { Authorization: `Bearer ${token}` } })).json()) as { point: number }).point;

test("joining a paid lottery asks first: cancel spends nothing, confirm spends exactly the cost shown", async ({ page, request }) => {
  const aliceToken = await apiLogin(request, "alice");
  const created = await apiCreatePost(request, aliceToken, {
    title: unique("Giveaway with a price"),
    type: "LOTTERY",
    lottery: {
      prizeDescription: "A mechanical keyboard",
      prizeIcon: "",
      prizeCount: 1,
      pointCost: 7,
      endTime: new Date(Date.now() + 3600_000).toISOString(),
    },
  });
  const bobToken = await apiLogin(request, "bob");
  const before = await balance(request, bobToken);
  expect(before).toBeGreaterThanOrEqual(7);

  await signIn(page, "bob");
  await new PostPage(page).goto(created.id);
  const lottery = page.getByTestId("lottery");
  await lottery.getByRole("button", { name: "Join for 7 points" }).click();
  const confirm = lottery.getByRole("group", { name: "Confirm joining the lottery" });
  // Numbers as the page's language writes them (2,383 in English).
  const n = (v: number) => new Intl.NumberFormat("en").format(v);
  await expect(confirm).toContainText(`Your balance will be ${n(before - 7)} (now ${n(before)})`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  expect(await balance(request, bobToken)).toBe(before);
  await expect(lottery.getByText("You joined")).toHaveCount(0);

  await lottery.getByRole("button", { name: "Join for 7 points" }).click();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);

  await lottery.getByRole("button", { name: "Join for 7 points" }).click();
  await confirm.getByRole("button", { name: "Spend 7 points and join" }).click();
  await expect(lottery.getByText("You joined")).toBeVisible();
  expect(await balance(request, bobToken)).toBe(before - 7);
});
