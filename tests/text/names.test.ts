import { describe, expect, it } from 'vitest';
import { namesModuleSource, wordNetNames } from '../../scripts/wordnet';
import { isName } from '../../src/text/names';
import { PROPER_NAME_LINES } from '../../src/text/proper-names';

describe('names typed in lower case: WordNet’s, read by the text model', () => {
  it('knows places, people, peoples and languages as names', () => {
    for (const word of ['paris', 'russia', 'jewish', 'farsi', 'tibetan', 'germany', 'dylan']) {
      expect(isName(word), word).toBe(true);
    }
  });

  it('does not take an ordinary word for a name: a verb, a word with an ordinary sense, a plural, a past tense', () => {
    // "japan" and "french" are verbs too; "polo" is also a game; "fields" and "sessions" are plurals of
    // ordinary words; "lent" and "drew" are past tenses WordNet's base forms do not list; "mrs" a title.
    const ordinary = ['japan', 'french', 'polo', 'fields', 'sessions', 'lent', 'drew', 'mrs'];
    for (const word of [...ordinary, 'library', 'card', 'laptop']) expect(isName(word), word).toBe(false);
  });

  it('leaves out days, months and holidays, which a corpus covers by range or kind', () => {
    for (const word of ['saturday', 'wednesday', 'may', 'christmas', 'easter'])
      expect(isName(word), word).toBe(false);
  });

  it('is the list WordNet gives, as `npm run write:names` writes it', () => {
    const names = wordNetNames();
    expect(PROPER_NAME_LINES.flatMap((line) => line.split(' '))).toEqual(names);
    expect(names.length).toBeGreaterThan(5000);
  });

  it('writes the list in lines of about 100 characters, which the formatter leaves as they are', () => {
    const source = namesModuleSource(['aachen', 'paris', 'zurich']);
    expect(source).toContain("  'aachen paris zurich',\n];\n");
    const long = namesModuleSource(Array.from({ length: 40 }, (_, i) => `name${String(i).padStart(2, '0')}`));
    const lines = long.split('\n').filter((line) => line.startsWith("  'name"));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100 + 4);
  });
});
