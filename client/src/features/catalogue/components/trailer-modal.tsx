import { Modal } from '../../../components/ui/modal.tsx';

interface TrailerModalProps {
  title: string;
  /** From `trailerEmbedUrl`: already checked to be a web address. */
  embedUrl: string;
  onClose: () => void;
}

export function TrailerModal({ title, embedUrl, onClose }: TrailerModalProps) {
  return (
    <Modal title={`${title} — Trailer`} onClose={onClose} closeLabel="Close trailer">
      <div className="aspect-video w-full bg-black">
        <iframe
          src={embedUrl}
          title={`${title} trailer`}
          className="size-full"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          // The site's policy sends no referrer, but YouTube's player refuses to play without one.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </Modal>
  );
}
