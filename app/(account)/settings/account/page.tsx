import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LanguageForm } from "@/components/settings/language-form";
import { DeleteAccountForm } from "@/components/settings/delete-account-form";
import { accountHasPassword } from "@/lib/services/accounts/delete-account";
import { redirect } from "next/navigation";
import { DisplayNameForm, EmailChangeForm, UsernameForm } from "@/components/settings/account-settings";
import { pageViewer } from "@/lib/cache/page-reader";
import { getEmailChange } from "@/lib/services/users/email-change";
import { formerNames, renamePolicy } from "@/lib/services/users/usernames";
import { getMe } from "@/lib/services/shared/me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsAccount"))("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Display name, username and email address. `?code=` comes from the mail confirming a new address. */
export default async function AccountSettingsPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  const code = [(await searchParams).code].flat()[0];
  const linkCode = code && /^\d{6}$/.test(code) ? code : null;
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(`/settings/account${linkCode ? `?code=${linkCode}` : ""}`)}`);
  const [me, policy, former, email, hasPassword] = await Promise.all([
    getMe(viewer),
    renamePolicy(viewer),
    formerNames(viewer),
    getEmailChange(viewer),
    accountHasPassword(viewer),
  ]);
  const t = await getTranslations("SettingsAccount");
  return (
    <div className="w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </div>
      <LanguageForm saved={me.locale} />
      <DisplayNameForm username={me.username} displayName={me.displayName} />
      <UsernameForm username={me.username} policy={{ ...policy, formerNames: former }} />
      <EmailChangeForm initial={email} code={linkCode} />
      <DeleteAccountForm hasPassword={hasPassword} />
    </div>
  );
}
