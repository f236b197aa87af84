import type jsQRType from 'jsqr';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ScanGate } from './scan-gate.ts';

/** Frames decoded per second: enough for a ticket held still, light on a phone's battery. */
const SCANS_PER_SECOND = 8;

type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable';

/**
 * The phone's camera, decoding QR codes from every frame with jsQR until the page closes. It never
 * stops on a bad code: every new scan (scan-gate.ts: a ticket held in view is one) goes to
 * `onCode`, and the caller decides what it means.
 */
export function QrCamera({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useLayoutEffect(() => {
    onCodeRef.current = onCode;
  });
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const gate = new ScanGate();

    // The decoder is most of the door's code: fetched once there is a camera, while it starts, not
    // before the page shows (the door screen is useful at once: typed references, today's shows).
    let decode: typeof jsQRType | null = null;

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
          audio: false,
        });
      } catch (error) {
        return setState(
          error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable',
        );
      }
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      const decoder = import('jsqr').then((m) => (decode = m.default));
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      await decoder.catch(() => undefined);
      if (stopped) return;
      if (!decode) return setState('unavailable');
      setState('scanning');
      timer = setInterval(scanFrame, 1000 / SCANS_PER_SECOND);
    }

    function scanFrame() {
      const element = video.current;
      if (!element || !context || !decode || element.readyState < 2 || !element.videoWidth) return;
      // Decode at most 640 px across: plenty for a ticket, quick on a phone.
      const scale = Math.min(1, 640 / element.videoWidth);
      canvas.width = Math.round(element.videoWidth * scale);
      canvas.height = Math.round(element.videoHeight * scale);
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = decode(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      const code = found?.data || null;
      if (gate.frame(code) && code) onCodeRef.current(code);
    }

    void start();
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="relative overflow-hidden rounded-xl bg-black">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera view for scanning tickets"
        data-testid="door-camera"
        className="aspect-[4/3] w-full object-cover"
      />
      <p
        role="status"
        className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-1.5 text-center text-sm font-medium text-white"
      >
        {state === 'starting' && 'Starting the camera…'}
        {state === 'scanning' && 'Scanning: hold a ticket’s QR code up to the camera'}
        {state === 'denied' && 'Camera blocked. Allow camera access, or type the reference below.'}
        {state === 'unavailable' && 'No camera here. Type the reference below.'}
      </p>
    </div>
  );
}
