import { describe, expect, it } from 'vitest';
import { applyMarkdownAction } from './markdown-format';

describe('markdown toolbar', () => {
  it('wraps the selection or inserts a placeholder', () => {
    expect(applyMarkdownAction('say hi', 4, 6, 'bold')).toEqual({ from: 4, to: 6, insert: '**hi**', selection: { anchor: 6, head: 8 } });
    expect(applyMarkdownAction('', 0, 0, 'italic').insert).toBe('_italic text_');
    expect(applyMarkdownAction('a\nb', 0, 3, 'code').insert).toBe('```\na\nb\n```');
    expect(applyMarkdownAction('x', 0, 1, 'link', 'https://cairn.test').insert).toBe('[x](https://cairn.test)');
    expect(applyMarkdownAction('', 0, 0, 'image', 'https://cdn.test/a.png').insert).toBe('![description](https://cdn.test/a.png)');
  });

  it('prefixes every selected line', () => {
    const doc = 'one\ntwo\nthree';
    expect(applyMarkdownAction(doc, 1, 5, 'list')).toMatchObject({ from: 0, to: 7, insert: '- one\n- two' });
    expect(applyMarkdownAction(doc, 9, 9, 'quote')).toMatchObject({ from: 8, to: 13, insert: '> three' });
    expect(applyMarkdownAction(doc, 0, 0, 'heading').insert).toBe('## one');
  });
});
