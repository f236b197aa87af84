/** The screen's position above the map, so "row A" reads as the front row. */
export function CinemaScreen() {
  return (
    <div className="mx-auto mb-6 w-full max-w-md px-6">
      <div className="h-2 rounded-[50%] border-t-4 border-zinc-400 dark:border-zinc-500" />
      <p className="text-center text-xs font-semibold tracking-[0.3em] text-zinc-600 uppercase dark:text-zinc-400">
        Screen
      </p>
    </div>
  );
}
