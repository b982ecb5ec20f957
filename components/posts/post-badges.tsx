import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { Badge } from "@/components/ui/badge";
import type { PostDto } from "@/lib/validation/responses";

/** Pinned, featured, closed, restricted scope, review status and post type. */
export function PostBadges({
  post,
}: {
  post: Partial<Pick<PostDto, "pinnedAt" | "closed" | "visibleScope" | "status" | "type" | "featured">>;
}) {
  const t = useTranslations("PostBadges");
  return (
    <>
      {post.pinnedAt ? (
        <Badge tone="info" title={t("pinnedTitle")}>
          <Icon name="pin" /> {t("pinned")}
        </Badge>
      ) : null}
      {post.featured ? (
        <Badge tone="success">
          <Icon name="star" /> {t("featured")}
        </Badge>
      ) : null}
      {post.closed ? (
        <Badge tone="neutral" title={t("closedTitle")}>
          <Icon name="lock" /> {t("closed")}
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_REGISTER" ? (
        <Badge tone="warning" title={t("membersOnlyTitle")}>
          <Icon name="lock-keyhole" /> {t("membersOnly")}
        </Badge>
      ) : null}
      {post.visibleScope === "ONLY_ME" ? (
        <Badge tone="warning" title={t("onlyMeTitle")}>
          <Icon name="lock-keyhole" /> {t("onlyMe")}
        </Badge>
      ) : null}
      {post.status === "PENDING" ? <Badge tone="warning">{t("pending")}</Badge> : null}
      {post.status === "REJECTED" ? <Badge tone="danger">{t("rejected")}</Badge> : null}
      {post.type === "POLL" ? (
        <Badge>
          <Icon name="chart-column" /> {t("poll")}
        </Badge>
      ) : null}
      {post.type === "LOTTERY" ? (
        <Badge>
          <Icon name="gift" /> {t("lottery")}
        </Badge>
      ) : null}
    </>
  );
}
