import { KeyRound } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useProviderSignIn, useSignInProviders } from '../api/sign-in-providers.ts';
import { FormAlert } from './form-alert.tsx';

interface ProviderButtonsProps {
  /** Where the visitor ends up after the provider's sign-in. */
  target: string;
  /** This screen's own address, for when the provider's sign-in fails. */
  returnTo: string;
}

/** "Continue with …" for each hosted provider the server offers; nothing when there is none. */
export function ProviderButtons({ target, returnTo }: ProviderButtonsProps) {
  const providers = useSignInProviders();
  const providerSignIn = useProviderSignIn();
  if (providers.length === 0) return null;

  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="flex items-center gap-3 text-xs tracking-wide text-zinc-600 uppercase before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:text-zinc-400 dark:before:bg-zinc-700 dark:after:bg-zinc-700">
        or
      </p>
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          disabled={providerSignIn.isPending}
          onClick={() =>
            providerSignIn.mutate({
              providerId: provider.id,
              callbackURL: target,
              errorCallbackURL: returnTo,
            })
          }
          className={buttonClassName('secondary', 'w-full')}
        >
          <KeyRound aria-hidden className="size-4" />
          Continue with {provider.name}
        </button>
      ))}
      {providerSignIn.error && <FormAlert message={providerSignIn.error.message} />}
    </div>
  );
}
