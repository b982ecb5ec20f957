// /api/users/me/watches: the categories and tags the caller watches or muted (GET), and a choice for one of them (PUT).
import { okList, route } from "@/lib/api/route";
import { listWatches, setWatch } from "@/lib/services/notifications/watches";
import { setWatchSchema, watchSchema } from "@/lib/validation/account";

export const GET = route(
  { tag: "Accounts", summary: "Watched and muted categories and tags", auth: "required", responses: [okList(watchSchema)] },
  ({ viewer }) => listWatches(viewer),
);

export const PUT = route(
  {
    tag: "Accounts",
    summary: "Watch, mute or reset a category or tag",
    description:
      "Give `categoryId` or `tagId` and a `level`: WATCH (a notification, and mail as your email settings say, for each new post in it), MUTE (its posts are left out of your home list) or NORMAL. Answers the whole list. An unknown id is a 400 on that field.",
    auth: "required",
    body: setWatchSchema,
    bodyLimit: 4 * 1024,
    responses: [okList(watchSchema)],
  },
  ({ viewer, body }) => setWatch(viewer, body),
);
