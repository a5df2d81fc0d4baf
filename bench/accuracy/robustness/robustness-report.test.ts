import { expect } from 'chai';
import { outcomeOf, robustnessTable, type Trial } from './robustness-report.js';

/*
 * What a perturbation lost: only fields read right before it that it did not change itself count; a
 * party is lost whole when every one of its address fields left printed is lost.
 */

const ALL = ['company_name', 'street_and_number', 'postal_code', 'city_name', 'contact_person_name'];
const trial = (after: string[], touches: string[] = [], document = 'i001'): Trial => ({
  document,
  party: 'receiver',
  variant: 'scanned',
  perturbation: 'the street line not delivered',
  touches,
  before: new Set(ALL),
  after: new Set(after),
});

describe('robustness report', () => {
  it('counts the company lost, not the whole party, where the block is still read', () => {
    expect(outcomeOf(trial(['street_and_number', 'postal_code', 'city_name', 'contact_person_name']))).to.include({
      company: true,
      whole: false,
      contact: false,
    });
  });

  it('counts the whole party lost where every address field the perturbation left is lost', () => {
    expect(outcomeOf(trial([], ['street_and_number']))).to.include({ company: true, whole: true, contact: true });
  });

  it('does not count a field the perturbation changed itself', () => {
    expect(outcomeOf(trial(['company_name', 'postal_code', 'city_name', 'contact_person_name'], ['street_and_number']))).to.include({
      company: false,
      whole: false,
    });
  });

  it('counts a document once, as lost where any of its tries lost', () => {
    const table = robustnessTable(
      [trial(ALL), trial([], [], 'i001'), trial(ALL, [], 'i002')],
      ['scanned'],
      ['the street line not delivered'],
    );
    expect(table.split('\n')[2]).to.equal('| receiver | the street line not delivered | 2 | 1 | 1 | 1 of 2 |');
  });
});
