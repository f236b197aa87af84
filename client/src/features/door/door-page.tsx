import { CheckCircle2, KeyRound, Volume2, VolumeX, XCircle } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { buttonClassName } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { BuyerPhoneLine } from './buyer-phone-line.tsx';
import { useCheckIn, useDoorShows, type ScanResult } from './door-api.ts';
import { ItemsToHandOver } from './items-to-hand-over.tsx';
import { DoorShows } from './door-shows.tsx';
import { QrCamera } from './qr-camera.tsx';

/** A short tone, only when the staff member turned sound on: high for in, low for refused. */
function beep(ok: boolean) {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = ok ? 880 : 220;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (ok ? 0.15 : 0.4));
    tone.onended = () => void audio.close();
  } catch {
    // No audio here: the screen says it all.
  }
}

/** How long a refusal stays on screen: long enough to read, gone before the next guest steps up. */
export const REFUSAL_SHOWN_MS = 6_000;

const PARTY_SIZES = [1, 2, 3, 4, 5, 6, 7] as const;

function ResultPanel({ result, isChecking }: { result: ScanResult | null; isChecking: boolean }) {
  if (!result) {
    return (
      <div className="flex min-h-40 items-center justify-center rounded-xl border-2 border-dashed border-zinc-300 p-4 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {isChecking ? 'Checking…' : 'Scan a ticket or type its reference.'}
      </div>
    );
  }
  if (result.ok) {
    const party = result.seats.length;
    const stillOut = party - result.admitted;
    return (
      <div
        data-testid="door-result"
        data-result="admitted"
        className="rounded-xl bg-emerald-700 p-5 text-white"
      >
        <p className="flex items-center gap-2 text-3xl font-extrabold">
          <CheckCircle2 aria-hidden className="size-9 shrink-0" />
          {result.message}
        </p>
        <p className="mt-3 text-2xl font-bold break-words">{result.name}</p>
        {result.phone && <BuyerPhoneLine phone={result.phone} name={result.name} tone="onColour" />}
        <p className="mt-1 text-xl" data-testid="door-party">
          {party > 1 && result.admittedNow < party ? (
            <>
              <strong>{result.admittedNow}</strong> in now · <strong>{result.admitted}</strong> of {party} in
              {stillOut > 0 && <span className="block text-lg">{stillOut} still to come on this ticket</span>}
            </>
          ) : party > 1 ? (
            <>All {party} in</>
          ) : null}
        </p>
        <p className="mt-1 text-xl">
          {result.seats.length === 1 ? 'Seat' : 'Seats'} <strong>{result.seats.join(', ')}</strong>
        </p>
        <p className="mt-2 inline-block rounded-md bg-white px-2.5 py-1 text-xl font-extrabold text-emerald-900">
          {result.screen}
        </p>
        <p className="mt-2 text-base opacity-90">
          {result.movie} · {result.showTime} · <span className="font-mono">{result.reference}</span>
        </p>
        <ItemsToHandOver
          key={result.bookingId}
          bookingId={result.bookingId}
          items={result.items}
          collectedAt={result.itemsCollectedAt}
          tone="onColour"
        />
      </div>
    );
  }
  return (
    <div data-testid="door-result" data-result="refused" className="rounded-xl bg-red-700 p-5 text-white">
      <p className="flex items-center gap-2 text-3xl font-extrabold">
        <XCircle aria-hidden className="size-9 shrink-0" />
        Not admitted
      </p>
      <p className="mt-3 text-xl font-semibold break-words">{result.message}</p>
      {result.show && (
        <p className="mt-2 text-base">
          <span className="mr-2 inline-block rounded-md bg-white px-2.5 py-1 text-xl font-extrabold text-red-800">
            {result.show.screen}
          </span>
          {result.show.movie} · {result.show.showTime}
        </p>
      )}
    </div>
  );
}

/** /door: the check-in screen for staff at the door, made for a phone held in one hand. */
export function DoorPage() {
  const shows = useDoorShows();
  const checkIn = useCheckIn();
  const [result, setResult] = useState<ScanResult | null>(null);
  const [sound, setSound] = useState(false);
  const [reference, setReference] = useState('');
  // How many of a party are coming in now; null: everyone still out. Back to everyone after a scan.
  const [partySize, setPartySize] = useState<number | null>(null);
  const soundRef = useRef(sound);
  const partySizeRef = useRef(partySize);
  useLayoutEffect(() => {
    soundRef.current = sound;
    partySizeRef.current = partySize;
  });

  // A refusal clears itself, so it does not greet the next guest; a new scan replaces it at once.
  useEffect(() => {
    if (!result || result.ok) return;
    const timer = setTimeout(() => setResult(null), REFUSAL_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [result]);

  async function admit(input: { code: string } | { reference: string }) {
    setResult(null);
    const count = partySizeRef.current;
    const outcome = await checkIn.mutateAsync(count === null ? input : { ...input, count });
    setResult(outcome);
    if (outcome.ok) setPartySize(null);
    if (soundRef.current) beep(outcome.ok);
  }

  function submitReference(event: FormEvent) {
    event.preventDefault();
    const typed = reference.trim();
    if (!typed) return;
    void admit({ reference: typed }).then(() => setReference(''));
  }

  if (shows.isError && shows.error instanceof ApiError && shows.error.status === 403) {
    return (
      <div role="alert" className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-xl font-bold">Door staff only</h1>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">
          This screen is for cinema staff. Ask an admin to give your account the staff role.
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-3 py-4 sm:py-6">
      <title>Door · Check-in</title>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Check-in</h1>
        <button
          type="button"
          aria-pressed={sound}
          onClick={() => setSound((on) => !on)}
          className={buttonClassName('secondary', 'px-3 py-1.5')}
        >
          {sound ? <Volume2 aria-hidden className="size-4" /> : <VolumeX aria-hidden className="size-4" />}
          Sound {sound ? 'on' : 'off'}
        </button>
      </div>
      <QrCamera onCode={(code) => void admit({ code })} />
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Coming in now</legend>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {[null, ...PARTY_SIZES].map((size) => (
            <button
              key={size ?? 'all'}
              type="button"
              aria-pressed={partySize === size}
              onClick={() => setPartySize(size)}
              className={
                partySize === size
                  ? 'min-w-10 rounded-md bg-brand-700 px-2.5 py-1.5 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
                  : 'min-w-10 rounded-md border border-zinc-300 px-2.5 py-1.5 text-sm font-semibold hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-700 dark:hover:bg-zinc-900'
              }
            >
              {size ?? 'Everyone'}
            </button>
          ))}
        </div>
      </fieldset>
      <div aria-live="assertive" className="mt-4">
        <ResultPanel result={result} isChecking={checkIn.isPending} />
      </div>
      <form onSubmit={submitReference} className="mt-4 flex gap-2">
        <label htmlFor="door-reference" className="sr-only">
          Booking reference
        </label>
        <input
          id="door-reference"
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          placeholder="Reference"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-lg tracking-wider uppercase placeholder:font-sans placeholder:text-base placeholder:tracking-normal placeholder:normal-case dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button type="submit" disabled={checkIn.isPending} className={buttonClassName('primary')}>
          <KeyRound aria-hidden className="size-4" />
          Check in
        </button>
      </form>
      <DoorShows />
    </div>
  );
}
