import { Fragment, type MouseEvent, use } from "react";
import { Link } from "react-router";
import { useLanguage } from "../../../lib/i18n.ts";
import { type LegalBlock, type LegalKind, loadLegalDocument } from "./legal-document.ts";
import styles from "./public.module.css";

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("link" in block) {
    return (
      <p>
        {block.text} <Link to={block.link.to}>{block.link.label}</Link>
      </p>
    );
  }
  return (
    <ul className={styles.legalList}>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Scrolls to a section without a hash change, which the router would treat as a navigation. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: "smooth", block: "start" });
  target.focus({ preventScroll: true });
}

/**
 * A full legal text (terms of use, privacy policy (spec 1 §1) or the accessibility statement) in the chosen language: numbered
 * sections, a table of contents at the top and a way back to it after each section. The text is
 * its own lazily loaded file per language; the page suspends until it has arrived.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { site: lang } = useLanguage();
  const doc = use(loadLegalDocument(kind, lang));
  const id = (n: number) => `${kind}-${n}`;
  const tocId = `${kind}-contents`;
  return (
    <main className={styles.page} data-testid={`${kind}-page`} lang={lang}>
      <header className={styles.legalHead}>
        <h1 className={styles.pageTitle}>{doc.title}</h1>
        <p className={styles.legalUpdated}>{doc.updated}</p>
      </header>
      <div className={styles.legalIntro}>
        {doc.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <nav className={styles.legalToc} aria-labelledby={tocId}>
        <h2 id={tocId} className={styles.legalTocTitle} tabIndex={-1}>
          {doc.contentsTitle}
        </h2>
        <ol>
          {doc.sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#${id(index + 1)}`} onClick={(event) => jumpTo(event, id(index + 1))}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.legalBody}>
        {doc.sections.map((section, index) => (
          <section key={section.title} aria-labelledby={id(index + 1)} className={styles.legalSection}>
            <h2 id={id(index + 1)} tabIndex={-1} className={styles.legalSectionTitle}>
              <span className={styles.legalNumber}>{index + 1}.</span> {section.title}
            </h2>
            {section.blocks.map((block, n) => (
              // Blocks never move: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <Fragment key={n}>
                <Block block={block} />
              </Fragment>
            ))}
            <a href={`#${tocId}`} className={styles.legalTop} onClick={(event) => jumpTo(event, tocId)}>
              {doc.backToTop}
            </a>
          </section>
        ))}
      </div>
    </main>
  );
}
