import { useEffect, useRef, useState } from "react";

/**
 * The list's cover image (SPEC §4), hidden when it fails to load. An image that failed before the
 * scripts ran (the server's HTML loads it at once) is caught on mount, since its error event has
 * already passed. The page remounts it per address (key), which resets the failure.
 */
export function CoverImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const current = image.current;
    if (current?.complete && current.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={image}
      className="daily-viewers__cover"
      src={src}
      alt=""
      width={1200}
      height={300}
      onError={() => setFailed(true)}
    />
  );
}
