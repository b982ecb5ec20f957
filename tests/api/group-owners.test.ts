// Group owners manage their group's membership, admins its owners; who sees a group (its page, a
// member's profile) follows one rule (issue 57; lib/services/groups/groups.ts).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { POST as createGroup } from "@/app/api/admin/groups/route";
import { PUT as updateGroup } from "@/app/api/admin/groups/[id]/route";
import { POST as addMember } from "@/app/api/admin/groups/[id]/members/route";
import { DELETE as removeMember } from "@/app/api/admin/groups/[id]/members/[username]/route";
import { GET as publicGroup } from "@/app/api/groups/[id]/route";
import { GET as memberGroups } from "@/app/api/users/[idOrUsername]/groups/route";
import { listMemberGroups } from "@/lib/services/groups/groups";
import { asViewer, call, makeUser, type TestUser } from "../helpers";

let admin: TestUser, moderator: TestUser, owner: TestUser, coOwner: TestUser, member: TestUser, outsider: TestUser, newcomer: TestUser;
let groupId = 0;
const gid = () => ({ id: String(groupId) });

const add = (by: TestUser, username: string, ownerFlag?: boolean) =>
  call(addMember, `/api/admin/groups/${groupId}/members`, {
    token: by.token,
    body: ownerFlag === undefined ? { username } : { username, owner: ownerFlag },
    params: gid(),
  });
const remove = (by: TestUser, username: string) =>
  call(removeMember, `/api/admin/groups/${groupId}/members/${username}`, {
    method: "DELETE",
    token: by.token,
    params: { ...gid(), username },
  });
const show = (by: TestUser | null) => call(publicGroup, `/api/groups/${groupId}`, { token: by?.token, params: gid() });
const setVisibility = async (membersVisibility: string) => {
  const r = await call(updateGroup, `/api/admin/groups/${groupId}`, {
    method: "PUT",
    token: admin.token,
    body: { membersVisibility },
    params: gid(),
  });
  expect(r.status, r.text).toBe(200);
};

beforeAll(async () => {
  [admin, moderator, owner, coOwner, member, outsider, newcomer] = await Promise.all([
    makeUser({ role: "ADMIN" }),
    makeUser({ role: "MODERATOR" }),
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser(),
  ]);
  const g = await call(createGroup, "/api/admin/groups", {
    token: admin.token,
    body: { name: `Owners ${randomBytes(3).toString("hex")}`, membersVisibility: "staff" },
  });
  expect(g.status, g.text).toBe(201);
  groupId = g.body.id;
  for (const [u, o] of [
    [owner, true],
    [coOwner, true],
    [member, false],
  ] as const)
    expect((await add(admin, u.username, o)).status).toBe(200);
});

describe("group owners (issue 57)", () => {
  it("an owner adds members and removes members who are not owners; owners are made and unmade by admins", async () => {
    const added = await add(owner, newcomer.username);
    expect(added.status, added.text).toBe(200);
    expect(added.body.canManage).toBe(true);
    expect(added.body.members.find((m: { username: string }) => m.username === newcomer.username)?.owner).toBe(false);
    // Sending owner: false for a member who is not an owner changes nothing, so it is allowed.
    expect((await add(owner, newcomer.username, false)).status).toBe(200);

    for (const r of [
      await add(owner, newcomer.username, true),
      await add(owner, coOwner.username, false),
      await remove(owner, coOwner.username),
    ]) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.code).toBe("forbidden");
    }
    // A plain member, an outsider and a moderator (staff, not admin) manage nothing.
    for (const u of [member, outsider, moderator]) expect((await add(u, outsider.username)).status, u.username).toBe(403);
    expect((await remove(member, newcomer.username)).status).toBe(403);

    expect((await remove(owner, newcomer.username)).status).toBe(204);
    expect((await remove(owner, newcomer.username)).status).toBe(404);

    // The admin makes the member an owner and unmakes them again; both audited.
    const made = await add(admin, member.username, true);
    expect(made.body.members.find((m: { username: string }) => m.username === member.username)?.owner).toBe(true);
    const unmade = await add(admin, member.username, false);
    expect(unmade.body.members.find((m: { username: string }) => m.username === member.username)?.owner).toBe(false);
    const audit = await rawRows<{ action: string; n: number }>(
      db,
      sql`select action, count(*)::int as n from audit_logs where target_type = 'group' and target_id = ${groupId} group by action`,
    );
    const n = Object.fromEntries(audit.map((a) => [a.action, Number(a.n)]));
    expect(n["group.member_owner"]).toBe(2);
    expect(n["group.member_remove"]).toBe(1);

    // An owner may leave the group.
    expect((await remove(coOwner, coOwner.username)).status).toBe(204);
    expect((await add(admin, coOwner.username, true)).status).toBe(200);
  });

  it("the group's page: staff always, its owners whatever the setting, others as its member-list setting says", async () => {
    await setVisibility("staff");
    expect((await show(owner)).status).toBe(200);
    expect((await show(owner)).body.canManage).toBe(true);
    expect((await show(moderator)).body.canManage).toBe(false);
    expect((await show(admin)).body.canManage).toBe(true);
    for (const u of [member, outsider, null]) expect((await show(u)).status, u?.username ?? "visitor").toBe(404);

    await setVisibility("group");
    expect((await show(member)).status).toBe(200);
    expect((await show(member)).body.canManage).toBe(false);
    expect((await show(outsider)).status).toBe(404);

    await setVisibility("members");
    expect((await show(outsider)).status).toBe(200);
    expect((await show(null)).status).toBe(404);

    await setVisibility("everyone");
    expect((await show(null)).status).toBe(200);
  });

  it("a member's groups on their profile: those the reader may see", async () => {
    const names = async (reader: TestUser | null, of: TestUser) =>
      (await listMemberGroups(reader ? asViewer(reader) : null, { userId: of.id })).filter((g) => g.id === groupId).length;
    await setVisibility("group");
    expect(await names(member, member)).toBe(1);
    expect(await names(outsider, member)).toBe(0);
    expect(await names(null, member)).toBe(0);
    expect(await names(moderator, member)).toBe(1);
    await setVisibility("staff");
    expect(await names(owner, member)).toBe(1);
    expect(await names(member, member)).toBe(0);
    await setVisibility("members");
    expect(await names(outsider, member)).toBe(1);
    expect(await names(null, member)).toBe(0);
  });

  it("GET /api/users/{username}/groups: the same list, for the reader the shared profile page cannot name", async () => {
    const list = async (reader: TestUser | null, of: TestUser) => {
      const r = await call(memberGroups, `/api/users/${of.username}/groups`, {
        token: reader?.token,
        params: { idOrUsername: of.username },
      });
      expect(r.status, r.text).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
      return (r.body as { id: number; name: string; membersVisibility: string; memberCount: number }[]).filter((g) => g.id === groupId);
    };
    await setVisibility("group");
    // A fellow member of the group sees it on another member's profile; someone outside it and a visitor do not.
    const seen = await list(coOwner, member);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: groupId, membersVisibility: "group" });
    expect(seen[0]!.memberCount).toBeGreaterThanOrEqual(3);
    expect(await list(outsider, member)).toHaveLength(0);
    expect(await list(null, member)).toHaveLength(0);
    expect(await list(moderator, member)).toHaveLength(1);
    // By id too, and an unknown member is a 404 in API.md's error shape.
    const byId = await call(memberGroups, `/api/users/${member.id}/groups`, {
      token: member.token,
      params: { idOrUsername: String(member.id) },
    });
    expect(byId.status).toBe(200);
    const missing = await call(memberGroups, "/api/users/nobody-here-57/groups", { params: { idOrUsername: "nobody-here-57" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "not_found" });
  });
});
