/**
 * The platform's room player in an iframe (SPEC §7: "an embedded video preview is used"), sized
 * 4:3 like the stills it replaces. Pages show it only to people (never to crawlers) once no age
 * verification applies (SPEC §6), and only for a room in a public show; `loading="lazy"` keeps an
 * off-screen player from loading at all.
 */
export function LivePlayer({
  url,
  username,
  className,
  width = 240,
  height = 180,
}: {
  url: string;
  username: string;
  className?: string;
  width?: number;
  height?: number;
}) {
  return (
    <iframe
      className={className}
      src={url}
      title={`${username} live now`}
      width={width}
      height={height}
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      // The platform's page plays the video; it may not navigate us or open windows.
      sandbox="allow-scripts allow-same-origin"
      allow="autoplay; fullscreen"
    />
  );
}
