import sanitizeHtml from 'sanitize-html';

/**
 * The rich text of notes and comments (spec §5 Files and editor): the editor's HTML reduced to an allow-list
 * (paragraphs, line breaks, bold, italic, lists, links and the editor's mention spans), its plain text (for
 * search, length and previews) and the mentions it holds. Mentions are read from the sanitised HTML only,
 * never from a list sent beside it. Any input gives an answer: malformed HTML is parsed leniently.
 */

/** The editor's mention spans: `data-type` names what is mentioned, `data-id` its uuid. */
export const MENTION_TYPES = { mention: 'user', householdMention: 'household' } as const;
export type MentionKind = (typeof MENTION_TYPES)[keyof typeof MENTION_TYPES];

const MENTION_CHAR: Record<MentionKind, string> = { user: '@', household: '#' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An absolute http(s) or mailto address, nothing that a browser could read as another scheme. */
const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const BLOCKS = new Set(['p', 'li', 'ul', 'ol']);

export type RichText = {
  /** The sanitised HTML, as stored and shown. */
  html: string;
  /** The plain text: blocks and line breaks as new lines, a mention as its '@Name' or '#Name'. */
  text: string;
  /** The mentioned users' and households' ids (lower case), each once, in order of appearance. */
  mentionedUserIds: string[];
  mentionedHouseholdIds: string[];
};

export type RichTextOptions = {
  /** The names to show in the mention spans (by lower-case id); a mention of an id not here keeps its label. */
  labels?: ReadonlyMap<string, string>;
};

const mentionKindOf = (attribs: Record<string, string>): MentionKind | null => {
  const type = attribs['data-type'];
  const id = attribs['data-id'];
  if (!type || !id || !UUID.test(id)) return null;
  return Object.hasOwn(MENTION_TYPES, type) ? MENTION_TYPES[type as keyof typeof MENTION_TYPES] : null;
};

/** Sanitiser output escapes text and attribute values (&, <, >, "): undo that for the plain text. */
const decodeEscapes = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

/**
 * The plain text of sanitised HTML (this module's output, so its shape is known): a new line before each
 * block that follows text and for each line break, as the editor counts it; tags removed, escapes undone.
 */
const plainTextOf = (html: string) => {
  let text = '';
  for (const token of html.split(/(<[^>]*>)/)) {
    if (token.startsWith('<')) {
      const name = /^<\/?\s*([a-z0-9-]+)/i.exec(token)?.[1]?.toLowerCase() ?? '';
      const opening = !token.startsWith('</');
      if (name === 'br') text += '\n';
      else if (opening && BLOCKS.has(name) && text !== '' && !text.endsWith('\n')) text += '\n';
    } else {
      text += decodeEscapes(token);
    }
  }
  return text.trim();
};

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Marks a tag whose content stays while the tag itself goes (a span that is not a mention, a bad link). */
const DROP = 'data-centric-drop';
const dropped = (tagName: string): sanitizeHtml.Tag => ({ tagName, attribs: { [DROP]: '1' } });

export const sanitizeRichText = (input: string, options: RichTextOptions = {}): RichText => {
  const users: string[] = [];
  const households: string[] = [];
  /**
   * The open elements as the parser reports them (balanced: it closes what the markup leaves open), each
   * with the mention it is or lies in: inside a mention only its label is written, once.
   */
  const open: { mention: { text: string; written: boolean } | null }[] = [];
  const mentionAround = () => open[open.length - 1]?.mention ?? null;
  const html = sanitizeHtml(input, {
    allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'span'],
    allowedAttributes: {
      a: ['href', 'rel', 'target', DROP],
      span: ['data-type', 'data-id', 'data-label', DROP],
      '*': [DROP],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Deeper nesting than the editor ever writes is flattened (its text kept).
    nestingLimit: 20,
    onOpenTag: (name, attribs) => {
      const around = mentionAround();
      const kind = around ? null : name === 'span' ? mentionKindOf(attribs) : null;
      if (!kind) {
        open.push({ mention: around });
        return;
      }
      const id = attribs['data-id']!.toLowerCase();
      const list = kind === 'user' ? users : households;
      if (!list.includes(id)) list.push(id);
      const label = (options.labels?.get(id) ?? attribs['data-label'] ?? '').trim().slice(0, 200);
      open.push({ mention: { text: `${MENTION_CHAR[kind]}${label}`, written: false } });
    },
    onCloseTag: () => {
      open.pop();
    },
    transformTags: {
      '*': (tagName, attribs): sanitizeHtml.Tag => {
        const mention = mentionAround();
        // Inside a mention nothing but its label: any element there goes, its text too (textFilter).
        if (mention && !(tagName === 'span' && mentionKindOf(attribs) && open.at(-2)?.mention !== mention)) {
          return dropped(tagName);
        }
        if (tagName === 'b') return { tagName: 'strong', attribs: {} };
        if (tagName === 'i') return { tagName: 'em', attribs: {} };
        if (tagName === 'a') {
          // A link keeps an http, https or mailto address and opens apart; any other is only its text.
          const href = (attribs.href ?? '').trim();
          if (!SAFE_HREF.test(href)) return dropped('a');
          return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
        }
        if (tagName === 'span') {
          if (!mention) return dropped('span');
          const id = attribs['data-id']!.toLowerCase();
          return {
            tagName: 'span',
            attribs: {
              'data-type': attribs['data-type']!,
              'data-id': id,
              'data-label': mention.text.slice(1),
            },
          };
        }
        return { tagName, attribs: {} };
      },
    },
    textFilter: (text) => {
      const mention = mentionAround();
      if (!mention) return text;
      if (mention.written) return '';
      mention.written = true;
      return escapeText(mention.text);
    },
    exclusiveFilter: (frame) => (frame.attribs[DROP] ? 'excludeTag' : false),
  });
  return { html, text: plainTextOf(html), mentionedUserIds: users, mentionedHouseholdIds: households };
};

/** Plain text as one paragraph of the editor's HTML (a system note's sentence), its characters escaped. */
export const paragraphOf = (text: string) =>
  `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`;
