import { getTranslations } from "next-intl/server";
import { signOutAction } from "@/lib/actions/auth";
import { Button } from "@/components/ui/button";

/** Ends the browser session (a form posting to a server action, so it also works without JavaScript). */
export async function SignOutButton({ className = "" }: { className?: string }) {
  const t = await getTranslations("Menu");
  return (
    <form action={signOutAction} className={className}>
      <Button type="submit" variant="secondary" className="w-full">
        {t("signOut")}
      </Button>
    </form>
  );
}
