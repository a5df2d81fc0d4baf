import { expect } from 'chai';

/**
 * Specifications of a decider in the given / when / then form: given these events, when this command,
 * then these events (or this error). Events are folded with the decider's own `evolve`.
 */
export interface Decider<Command, Event, State, Positioned extends Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Positioned): State;
  initialState(): State;
}

export const deciderSpecification = <Command, Event, State, Positioned extends Event>(
  decider: Decider<Command, Event, State, Positioned>,
  position: (events: Event[]) => Positioned[],
) => ({
  given: (...history: Event[]) => ({
    when: (command: Command) => {
      const decided = () => decider.decide(command, position(history).reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: Event[]) => expect(decided()).to.deep.equal(expected),
        thenNothing: () => expect(decided()).to.deep.equal([]),
        thenThrows: (check: (error: unknown) => boolean) => {
          let thrown: unknown = null;
          try {
            decided();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the command should have been refused').to.not.equal(null);
          expect(check(thrown), `unexpected error: ${String(thrown)}`).to.equal(true);
        },
      };
    },
  }),
});
