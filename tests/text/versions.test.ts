import { describe, expect, it } from 'vitest';
import { termOf } from '../../src/text/tokenize';
import { covers, otherVersion, versionsAsked, versionsIn } from '../../src/text/versions';

const texts = (found: { text: string }[]) => found.map((version) => version.text);

describe('versions a text names', () => {
  it('reads a name and the version after it, however the version is written', () => {
    expect(
      texts(
        versionsIn('Added in Preact 10.2.0. Needs preact-render-to-string 5.2.4, Node 18 and Preact v11.'),
      ),
    ).toEqual(['Preact 10.2.0', 'preact-render-to-string 5.2.4', 'Node 18', 'Preact v11']);
    expect(versionsIn('Upgrade from Preact 8.x.')[0]).toEqual({
      name: 'preact',
      parts: ['8'],
      text: 'Preact 8.x',
    });
    // Names are read as the text model reads words, so "Article" meets "articles".
    expect(versionsIn('See @preact/signals 1.2 and Article 101.').map((version) => version.name)).toEqual([
      termOf('@preact/signals'),
      termOf('articles'),
    ]);
  });

  it('takes no count, price, date or year for a version', () => {
    // A word in lower case before a number is no name in a text.
    expect(versionsIn('Study rooms 5 and 6 seat 8. Printing costs 2.00 BOB.')).toEqual([]);
    // A sentence's last word before a numbered list on the next line is no name.
    expect(versionsIn('Configure your bundler.\n\n1. Install it.')).toEqual([]);
    expect(versionsIn('| Made with Preact\n42 | stars |')).toEqual([]);
    // Small words, months, days, clock times and four-digit years are left to the rules for dates,
    // times and years.
    expect(
      versionsIn('In 1985 it opened. On June 12 it closed. Since 2002 it has grown. By 3 it was over.'),
    ).toEqual([]);
    expect(versionsIn('Open Sunday 9 to 5.')).toEqual([]);
    expect(versionsIn('Open at Opening 10:00 to 16:00.')).toEqual([]);
  });

  it('reads a question in lower case, but only names the passages write with versions', () => {
    const known = new Set(['preact']);
    expect(texts(versionsAsked('in preact v11 how do i opt in?', known))).toEqual(['preact v11']);
    expect(versionsAsked('there are 7 of us in room 5, preact fans', known)).toEqual([]);
    expect(versionsAsked('In Preact 10 how?', new Set())).toEqual([]);
  });
});

describe('whether a text states another version of what is asked', () => {
  const [v10, v10x, v11] = versionsIn('Preact 10.11.0, Preact 10.x, Preact v11');

  it('counts a version written to fewer places as the same', () => {
    expect(v10 && v10x && covers(v10, v10x)).toBe(true);
    expect(v10 && v11 && covers(v10, v11)).toBe(false);
  });

  it('counts a version inside a bound as covered: "or later", "and newer", "+", "and earlier"', () => {
    const [node20] = versionsAsked('which node version? i am on node 20', new Set([termOf('node')]));
    const covered = (text: string) => node20 !== undefined && versionsIn(text).some((v) => covers(v, node20));
    expect(covered('Preact needs Node 18 or later.')).toBe(true);
    expect(covered('Supported on Node 18+ only.')).toBe(true);
    expect(covered('Node 22 and newer work.')).toBe(false);
    expect(covered('Node 22 and earlier work.')).toBe(true);
    expect(covered('Preact needs Node 18.')).toBe(false);
    // A bound in the question is a condition, not a version the answer must state.
    expect(versionsAsked('how much is it for adults 65 and over?', new Set([termOf('adults')]))).toEqual([]);
  });

  it('says which version a unit states instead, and nothing when it states one asked or none', () => {
    const asked = versionsAsked('how do i do this in preact v11?', new Set(['preact']));
    expect(otherVersion(asked, versionsIn('Preact v10 has limits here.'))).toBe(
      'says Preact v10, not preact v11',
    );
    expect(otherVersion(asked, versionsIn('Solved in Preact v11 and Preact v10.'))).toBeUndefined();
    expect(otherVersion(asked, versionsIn('Node 18 is needed.'))).toBeUndefined();
  });

  it('reads "from preact 8 to 10" as two versions asked, either of which a unit may state', () => {
    const both = versionsAsked('what changed in hooks from preact 8 to 10?', new Set(['preact']));
    expect(texts(both)).toEqual(['preact 8', 'preact 10']);
    expect(otherVersion(both, versionsIn('Preact 10 introduces hooks.'))).toBeUndefined();
    expect(otherVersion(both, versionsIn('Upgrading from Preact 8.x is easy.'))).toBeUndefined();
    expect(otherVersion(both, versionsIn('Preact v11 is next.'))).toBe('says Preact v11, not preact 8');
  });
});
