import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordListSource, wordNetModules } from '../../scripts/wordnet/wordnet';
import { isEnglishWord } from '../../src/text/english';
import { isName } from '../../src/text/names';
import { oppositesOf } from '../../src/text/opposites';
import { ANTONYM_LINES } from '../../src/text/wordnet/antonyms';
import { PROPER_NAME_LINES } from '../../src/text/wordnet/proper-names';

describe('names typed in lower case: WordNet’s, read by the text model', () => {
  it('knows places, people, peoples and languages as names', () => {
    for (const word of ['paris', 'russia', 'jewish', 'farsi', 'tibetan', 'germany', 'dylan']) {
      expect(isName(word), word).toBe(true);
    }
  });

  it('knows a name whose ordinary senses are rarer, and whose verb no tagged text uses', () => {
    // "japan" and "china" are lacquer and porcelain too, later senses; "to japan" and "to french" are
    // verbs WordNet's sense-tagged texts never use.
    for (const word of ['japan', 'china', 'french', 'brazil']) expect(isName(word), word).toBe(true);
  });

  it('does not take an ordinary word for a name: a verb, a word with an ordinary sense, a plural, a past tense', () => {
    // "polo" is also a game; "sue" a verb in use; "barber" and "centre" list a name first only because no
    // tagged text ordered their senses; "fields" and "sessions" are plurals of ordinary words; "lent" and
    // "drew" are past tenses WordNet's base forms do not list; "mrs" a title.
    const ordinary = ['polo', 'sue', 'barber', 'centre', 'fields', 'sessions', 'lent', 'drew', 'mrs'];
    for (const word of [...ordinary, 'library', 'card', 'laptop']) expect(isName(word), word).toBe(false);
  });

  it('leaves out days, months and holidays, which a corpus covers by range or kind', () => {
    for (const word of ['saturday', 'wednesday', 'may', 'christmas', 'easter'])
      expect(isName(word), word).toBe(false);
  });
});

describe('the word lists taken from WordNet', () => {
  it('are, byte for byte, what `npm run write:wordnet` writes from WordNet now', () => {
    const modules = wordNetModules();
    expect(modules.map(({ path }) => path)).toEqual([
      'src/text/wordnet/proper-names.ts',
      'src/text/wordnet/english-words.ts',
      'src/text/wordnet/antonyms.ts',
    ]);
    for (const { path, source } of modules) expect(readFileSync(path, 'utf8'), path).toBe(source);
    expect(PROPER_NAME_LINES.flatMap((line) => line.split(' ')).length).toBeGreaterThan(5000);
    expect(ANTONYM_LINES.flatMap((line) => line.split(' '))).toContain('fast:slow');
    // Reading WordNet's files takes about 2 s alone and over 5 s on two cores shared with other runs.
  }, 60_000);

  it('writes a list in lines of about 100 characters, which the formatter leaves as they are', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${String(i).padStart(2, '0')}`);
    const source = wordListSource({ name: 'LIST', what: 'Words.', how: 'words', words });
    expect(source).toContain('export const LIST: readonly string[] = [\n');
    const lines = source.split('\n').filter((line) => line.startsWith("  'word"));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ').replace(/[',]/gu, '').trim().split(/\s+/u)).toEqual(words);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100 + 4);
  });
});

describe('English words: WordNet’s common dictionary forms, and what inflects them', () => {
  it('knows common words, their inflections and the function words', () => {
    const words = [
      'wants',
      'waits',
      'total',
      'number',
      'recipe',
      'password',
      'parking',
      'daughters',
      'older',
    ];
    for (const word of [...words, 'the', 'which', 'children', 'bought'])
      expect(isEnglishWord(word), word).toBe(true);
  });

  it('does not know a slip of the keyboard', () => {
    for (const word of ['libary', 'reciept', 'memebership', 'renwal', 'audiobokks', 'saeted'])
      expect(isEnglishWord(word), word).toBe(false);
  });
});

describe('opposites: WordNet’s antonyms, as written', () => {
  it('gives each word’s opposites both ways', () => {
    expect(oppositesOf('slow')).toContain('fast');
    expect(oppositesOf('fast')).toContain('slow');
    expect(oppositesOf('closed')).toContain('open');
    expect(oppositesOf('library').size).toBe(0);
  });

  it('does not make opposites of words that only share a stem with a pair ("late" and "form")', () => {
    // "former"/"latter" are opposites; stemmed, they would oppose "form" to "late".
    expect(oppositesOf('former')).toContain('latter');
    expect(oppositesOf('late')).not.toContain('form');
  });
});
