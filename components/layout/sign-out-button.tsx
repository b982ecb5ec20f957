import { signOutAction } from "@/lib/actions/auth";
import { Button } from "@/components/ui/button";

/** Ends the browser session (a form posting to a server action, so it also works without JavaScript). */
export function SignOutButton({ className = "" }: { className?: string }) {
  return (
    <form action={signOutAction} className={className}>
      <Button type="submit" variant="secondary" className="w-full">
        Sign out
      </Button>
    </form>
  );
}
