import { useRef, useState } from "react";
import type { BioBlock, BlockItem, ImageFile } from "../../../profiles/social/bio-block.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * The block as it will look (the same links and images, drawn as elements, never as HTML), the
 * HTML to paste with its Copy button, and the images to download.
 */
export function BlockOutput({
  block,
  html,
  downloads,
}: {
  block: BioBlock;
  html: string;
  downloads: { name: string; image: ImageFile }[];
}) {
  const hydrated = useHydrated();
  const area = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const empty = block.buttons.length === 0 && block.trophies.length === 0;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(html);
      setCopied("Copied. Paste it into your bio's HTML.");
    } catch {
      // No clipboard permission: the text is selected, for the visitor's own copy.
      area.current?.select();
      setCopied("Selected: copy it with Ctrl+C (or ⌘+C).");
    }
  };

  return (
    <section className="socialmedia__output" aria-labelledby="socialmedia-preview">
      <h2 id="socialmedia-preview">Preview</h2>
      <div className="socialmedia__preview" data-testid="socialmedia-preview">
        {empty ? (
          <p className="socialmedia__empty">Pick a network or a trophy to see your block.</p>
        ) : (
          [block.buttons, block.trophies]
            .filter((items) => items.length > 0)
            .map((items) => (
              <p key={items[0]?.src}>
                {items.map((item) => (
                  <PreviewItem key={item.src} item={item} />
                ))}
              </p>
            ))
        )}
      </div>

      <h2 id="socialmedia-html-heading">Your bio's HTML</h2>
      <p className="account-field__hint">
        Plain links and images only, as room bios accept them. The images stay on our site, so they always
        load fast.
      </p>
      <textarea
        ref={area}
        className="account-field__input socialmedia__html"
        aria-labelledby="socialmedia-html-heading"
        readOnly
        rows={6}
        value={html}
        spellCheck={false}
      />
      {hydrated && (
        <div className="socialmedia__copy">
          <button type="button" className="account-button" onClick={copy} disabled={html === ""}>
            Copy
          </button>
          <span role="status" className="socialmedia__copied">
            {copied}
          </span>
        </div>
      )}

      {downloads.length > 0 && (
        <>
          <h2>Download the images</h2>
          <ul className="socialmedia__downloads">
            {downloads.map(({ name, image }) => (
              <li key={image.svg}>
                <span>{name}</span>{" "}
                <a href={`${image.png}?download=1`} download>
                  PNG<span className="sr-only"> of {name}</span>
                </a>{" "}
                <a href={`${image.svg}?download=1`} download>
                  SVG<span className="sr-only"> of {name}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PreviewItem({ item }: { item: BlockItem }) {
  return (
    <a href={item.href} rel="noopener nofollow" target="_blank">
      <img src={item.src} alt={item.alt} width={item.width} height={item.height} />
    </a>
  );
}
