import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../rich-text.ts';

const USER = '0b8f7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const HOUSEHOLD = '1c9f7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

describe('sanitizeRichText', () => {
  it('keeps the allow-list and strips scripts, handlers, styles and other tags', () => {
    const { html, text } = sanitizeRichText(
      '<p style="color:red" onclick="x()">A <b>bold</b> and <i>it</i><script>alert(1)</script></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><img src=x onerror=alert(1)><iframe src="x"></iframe>' +
        '<h1>Title</h1><div class="x">div</div><style>p{}</style>',
    );
    expect(html).toBe(
      '<p>A <strong>bold</strong> and <em>it</em></p><ul><li>one</li></ul><ol><li>two</li></ol>Titlediv',
    );
    expect(text).toBe('A bold and it\none\ntwoTitlediv');
  });

  it('keeps http, https and mailto links, opening apart; any other link is only its text', () => {
    const { html } = sanitizeRichText(
      '<a href="https://a.test/x?y=1&amp;z=2" target="_self" onclick="x">a</a>' +
        '<a href="mailto:b@c.test">b</a><a href="javascript:alert(1)">c</a><a href="//evil.test">d</a>' +
        '<a href="data:text/html,x">e</a><a href="/relative">f</a><a>g</a>',
    );
    expect(html).toBe(
      '<a href="https://a.test/x?y=1&amp;z=2" rel="noopener noreferrer" target="_blank">a</a>' +
        '<a href="mailto:b@c.test" rel="noopener noreferrer" target="_blank">b</a>cdefg',
    );
  });

  it('keeps the editor’s mention spans exactly, reads the mentions from them, each once', () => {
    const input =
      `<p><span data-type="mention" data-id="${USER.toUpperCase()}" data-label="Ann" class="x" style="y">@Ann</span> ` +
      `<span data-type="householdMention" data-id="${HOUSEHOLD}" data-label="Lee">#Lee</span> ` +
      `<span data-type="mention" data-id="${USER}" data-label="Ann">@Ann</span></p>`;
    const result = sanitizeRichText(input);
    expect(result.mentionedUserIds).toEqual([USER]);
    expect(result.mentionedHouseholdIds).toEqual([HOUSEHOLD]);
    expect(result.html).toContain(`<span data-type="mention" data-id="${USER}" data-label="Ann">@Ann</span>`);
    expect(result.text).toBe('@Ann #Lee @Ann');
    // The names given replace the labels sent.
    const named = sanitizeRichText(input, { labels: new Map([[USER, 'Ann <Lee> & Co']]) });
    expect(named.html).toContain('data-label="Ann &lt;Lee&gt; &amp; Co">@Ann &lt;Lee&gt; &amp; Co</span>');
    expect(named.text).toBe('@Ann <Lee> & Co #Lee @Ann <Lee> & Co');
  });

  it('drops spans that are not mentions and anything nested inside a mention', () => {
    const result = sanitizeRichText(
      '<span data-type="mention" data-id="not-a-uuid">@x</span><span data-type="other" data-id="' +
        USER +
        '">y</span><span>z</span>' +
        `<span data-type="mention" data-id="${USER}" data-label="Ann">@A<strong>nn</strong>` +
        `<span data-type="householdMention" data-id="${HOUSEHOLD}">#H</span></span>`,
    );
    expect(result.html).toBe(`@xyz<span data-type="mention" data-id="${USER}" data-label="Ann">@Ann</span>`);
    expect(result.mentionedUserIds).toEqual([USER]);
    expect(result.mentionedHouseholdIds).toEqual([]);
  });

  it('answers any input: malformed, deeply nested, entities, huge', () => {
    for (const input of [
      '<p><b>open',
      '</li></ul>x',
      '<<>>&&',
      '<!-- c',
      '\u0000',
      `${'<em>'.repeat(5000)}x`,
    ]) {
      expect(() => sanitizeRichText(input)).not.toThrow();
    }
    expect(sanitizeRichText('a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;').text).toBe('a <b> & "c" \'d\'');
    const huge = sanitizeRichText(`<p>${'word '.repeat(20000)}</p>`);
    expect(huge.text.length).toBe(99999);
  });
});
