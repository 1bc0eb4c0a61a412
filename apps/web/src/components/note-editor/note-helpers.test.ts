import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, acceptedExtensions, isAcceptedAttachment } from './attachment-rules.ts';
import { collectMentions, hasPostableContent, maxLengthMessage } from './note-content.ts';

describe('isAcceptedAttachment', () => {
  it('accepts jpg, jpeg, png and pdf in any case up to 15 MB, and nothing else', () => {
    expect(isAcceptedAttachment({ name: 'scan.PDF', size: ATTACHMENT_MAX_BYTES })).toBe(true);
    expect(isAcceptedAttachment({ name: 'a.jpeg', size: 1 })).toBe(true);
    expect(isAcceptedAttachment({ name: 'a.pdf', size: ATTACHMENT_MAX_BYTES + 1 })).toBe(false);
    expect(isAcceptedAttachment({ name: 'a.docx', size: 1 })).toBe(false);
    expect(isAcceptedAttachment({ name: 'pdf', size: 1 })).toBe(false);
    expect(isAcceptedAttachment({ name: 'a.pdf.exe', size: 1 })).toBe(false);
  });

  it('takes the caller’s list of types', () => {
    expect(acceptedExtensions('.jpg, .PNG,image/*')).toEqual(['jpg', 'png']);
    expect(isAcceptedAttachment({ name: 'a.pdf', size: 1 }, '.jpg,.png')).toBe(false);
    expect(isAcceptedAttachment({ name: 'a.png', size: 1 }, '.jpg,.png')).toBe(true);
  });
});

describe('collectMentions', () => {
  it('lists user and household ids once each, in order', () => {
    const mention = (type: string, id: string) => ({ type, attrs: { id, label: id } });
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [mention('mention', 'u2'), mention('householdMention', 'h1')] },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [mention('mention', 'u1'), mention('mention', 'u2')] }],
            },
          ],
        },
      ],
    };
    expect(collectMentions(doc)).toEqual({ mentionedUserIds: ['u2', 'u1'], mentionedHouseholdIds: ['h1'] });
  });
});

describe('hasPostableContent and maxLengthMessage', () => {
  it('needs text or a mention', () => {
    expect(hasPostableContent('  \n ', 0)).toBe(false);
    expect(hasPostableContent('', 1)).toBe(true);
    expect(hasPostableContent(' x ', 0)).toBe(true);
  });

  it('words the limit as the spec does', () => {
    expect(maxLengthMessage(1500)).toBe('Maximum of 1500 characters are allowed');
    expect(maxLengthMessage(200)).toBe('Maximum of 200 characters are allowed');
  });
});
