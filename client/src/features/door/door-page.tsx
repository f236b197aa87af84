import { CheckCircle2, KeyRound, Volume2, VolumeX, XCircle } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { buttonClassName } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
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

function ResultPanel({ result }: { result: ScanResult | null }) {
  if (!result) {
    return (
      <div className="flex min-h-40 items-center justify-center rounded-xl border-2 border-dashed border-zinc-300 p-4 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        Scan a ticket or type its reference.
      </div>
    );
  }
  return result.ok ? (
    <div
      data-testid="door-result"
      data-result="admitted"
      className="rounded-xl bg-emerald-600 p-5 text-white"
    >
      <p className="flex items-center gap-2 text-3xl font-extrabold">
        <CheckCircle2 aria-hidden className="size-9 shrink-0" />
        {result.message}
      </p>
      <p className="mt-3 text-2xl font-bold break-words">{result.name}</p>
      <p className="mt-1 text-xl">
        {result.seats.length === 1 ? 'Seat' : 'Seats'} <strong>{result.seats.join(', ')}</strong>
      </p>
      <p className="mt-1 text-base opacity-90">
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
  ) : (
    <div data-testid="door-result" data-result="refused" className="rounded-xl bg-red-700 p-5 text-white">
      <p className="flex items-center gap-2 text-3xl font-extrabold">
        <XCircle aria-hidden className="size-9 shrink-0" />
        Not admitted
      </p>
      <p className="mt-3 text-xl font-semibold break-words">{result.message}</p>
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
  const soundRef = useRef(sound);
  useLayoutEffect(() => {
    soundRef.current = sound;
  });

  async function admit(input: { code: string } | { reference: string }) {
    const outcome = await checkIn.mutateAsync(input);
    setResult(outcome);
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
      <div aria-live="assertive" className="mt-4">
        <ResultPanel result={result} />
      </div>
      <form onSubmit={submitReference} className="mt-4 flex gap-2">
        <label htmlFor="door-reference" className="sr-only">
          Booking reference
        </label>
        <input
          id="door-reference"
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          placeholder="Type a reference"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-lg tracking-wider uppercase dark:border-zinc-700 dark:bg-zinc-900"
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
