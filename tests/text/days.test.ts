import { describe, expect, it } from 'vitest';
import { daysIn } from '../../src/text/days';

const days = (text: string) => [...daysIn(text)].sort();

describe('the days of the week a text states', () => {
  it('reads a day by its name, in any case and in the plural', () => {
    expect(days('Sunday: closed.')).toEqual([6]);
    expect(days('are you open on fridays?')).toEqual([4]);
    expect(days('MONDAY and Tuesday')).toEqual([0, 1]);
  });

  it('reads every day of a range, joined by a word or a dash, and a range that wraps the week', () => {
    expect(days('Monday to Friday: open 9:00 to 20:00.')).toEqual([0, 1, 2, 3, 4]);
    expect(days('Tuesday–Thursday')).toEqual([1, 2, 3]);
    expect(days('Friday through Monday')).toEqual([0, 4, 5, 6]);
    expect(days('Monday through to Friday')).toEqual([0, 1, 2, 3, 4]);
    expect(days('Mon.–Fri.: 9-5')).toEqual([0, 1, 2, 3, 4]);
    expect(days('Mon‒Fri, MON−FRI')).toEqual([0, 1, 2, 3, 4]);
    // Two days side by side are two days, not a range.
    expect(days('Monday, Friday')).toEqual([0, 4]);
  });

  it('reads a short form only with its capital, joined to another day or before a colon', () => {
    expect(days('Mon–Fri 9-5')).toEqual([0, 1, 2, 3, 4]);
    expect(days('Sat: 10-4')).toEqual([5]);
    expect(days('Sat & Sun closed')).toEqual([5, 6]);
    expect(days('Mon–Fri and Sat')).toEqual([0, 1, 2, 3, 4, 5]);
    // Alone, "sat", "wed" and "Sun" are other words.
    expect(days('I sat down, we wed in June, the Sun rose')).toEqual([]);
    expect(days('mon–fri')).toEqual([]);
  });

  it('reads a range or a list only where nothing but its join stands between two days', () => {
    // Two full names with more than a join between them are two days.
    expect(days('Monday to the park, then Friday')).toEqual([0, 4]);
    expect(days('Monday and then to Friday')).toEqual([0, 4]);
    // Short forms with more than a join between them, or a colon further on, are other words.
    expect(days('Sat down by the Sun')).toEqual([]);
    expect(days('Sat on a bench, and Sun shone')).toEqual([]);
    expect(days('Sat, then the Sun')).toEqual([]);
    expect(days('Sat at 10:00')).toEqual([]);
    // A join or a colon with or without spaces.
    expect(days('Sat,Sun')).toEqual([5, 6]);
    expect(days('Sat &Sun')).toEqual([5, 6]);
    expect(days('Sat : 10-4')).toEqual([5]);
  });

  it('reads every short form of each day, and no word that only starts or ends like one', () => {
    expect(days('Tue–Thu')).toEqual([1, 2, 3]);
    expect(days('Tues–Thur')).toEqual([1, 2, 3]);
    expect(days('Wed & Thurs')).toEqual([2, 3]);
    expect(days('Weds: late opening')).toEqual([2]);
    expect(days('Monet – Satie')).toEqual([]);
    expect(days('Salmon to Fri')).toEqual([]);
    expect(days('Sundaes and Mondayish')).toEqual([]);
    expect(days('sUN – fRI')).toEqual([]);
  });

  it('reads "weekdays" and "weekends" as their days, and no day in a word that only starts like one', () => {
    expect(days('on a weekday')).toEqual([0, 1, 2, 3, 4]);
    expect(days('at the weekend')).toEqual([5, 6]);
    expect(days('weekdays2 weekends2')).toEqual([]);
    expect(days('open on weekdays')).toEqual([0, 1, 2, 3, 4]);
    expect(days('the week-end')).toEqual([5, 6]);
    expect(days('Saturn and a sunny Monitor')).toEqual([]);
  });
});
