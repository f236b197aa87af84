import fc from 'fast-check';
import type { RefundFault } from './fake-gateway.ts';
import {
  CASHIERS,
  PROCESSES,
  PRODUCTS,
  SEATS_PER_SHOW,
  SHOWS,
  USERS,
  type Command,
  type World,
} from './world.ts';

const proc = fc.nat(PROCESSES - 1);
const sched = fc.array(fc.nat(9), { maxLength: 4 });
const leave = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat(2) });
/** One command in ten: its actor dies when it reaches a refund call at a gateway. */
const crash = fc.oneof(
  { weight: 9, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(true) },
);
const fault: fc.Arbitrary<RefundFault> = fc.constantFrom('ok', '500', 'lost', 'refused', 'fails');

const ops = [
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('hold' as const),
      proc,
      user: fc.nat(USERS - 1),
      show: fc.nat(SHOWS - 1),
      seats: fc.uniqueArray(fc.nat(SEATS_PER_SHOW - 1), { minLength: 1, maxLength: 3 }),
      best: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) },
      ),
      gateway: fc.constantFrom('sandbox' as const, 'stripe' as const, 'razorpay' as const),
      gap: fc.boolean(),
      failCheckout: fc.oneof(
        { weight: 5, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      // Food and drink with the seats in about half the holds; the stock is small, so they run out.
      items: fc.array(
        fc.record({ product: fc.nat(PRODUCTS - 1), quantity: fc.integer({ min: 1, max: 2 }) }),
        { maxLength: 2 },
      ),
    }),
  },
  {
    weight: 5,
    // A `pick` of world.ts's WRONG_AMOUNT_PICK or more (about one pay in ten) has the gateway take
    // an amount other than the checkout's (its mistake, or a forged order). Read from `pick` rather
    // than drawn apart, so the schedules every mutant's proof replays keep their shape (mutants.ts).
    arbitrary: fc.record({ op: fc.constant('pay' as const), proc, pick: fc.nat(20), deliver: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('deliver' as const), proc, pick: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('cancel' as const), proc, pick: fc.nat(20), staff: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('cancelShow' as const), proc, show: fc.nat(SHOWS - 1) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      to: fc.constantFrom('seconds' as const, 'window' as const, 'start' as const),
      amount: fc.nat(599),
    }),
  },
  // Staff edit a show (its price, its start, its size) or delete it (refused once anyone booked
  // it); `amount` says by how much. Weights 2 and 1: new commands reshape every schedule.
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('editShow' as const),
      proc,
      show: fc.nat(SHOWS - 1),
      change: fc.constantFrom('prices' as const, 'move' as const, 'shrink' as const, 'grow' as const),
      amount: fc.nat(7),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('deleteShow' as const), proc, show: fc.nat(SHOWS - 1) }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('sweep' as const), proc }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('refunds' as const),
      proc,
      faults: fc.array(fault, { maxLength: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('retry' as const), proc, pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('crash' as const), pick: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restart' as const), proc }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('browse' as const), proc, show: fc.nat(SHOWS - 1) }) },
  // The box office (CONTRACT §11): counter sales racing online buyers, counter refunds, shifts.
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('counterSell' as const),
      proc,
      cashier: fc.nat(CASHIERS - 1),
      show: fc.nat(SHOWS - 1),
      seats: fc.uniqueArray(fc.nat(SEATS_PER_SHOW - 1), { minLength: 1, maxLength: 2 }),
      method: fc.constantFrom('cash' as const, 'card' as const, 'upi' as const),
      extra: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(500) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('counterRefund' as const),
      proc,
      cashier: fc.nat(CASHIERS - 1),
      pick: fc.nat(20),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('shift' as const), proc, cashier: fc.nat(CASHIERS - 1) }),
  },
  // Food and drink sold on its own at the counter (issue 31 item 4): no show, no seats; up to 3 of a
  // product, so with the small stock some sales are refused (409) and some leave none for holds.
  // Weight 1: a new command reshapes every schedule, so it stays rare.
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('counterItems' as const),
      proc,
      cashier: fc.nat(CASHIERS - 1),
      items: fc.array(
        fc.record({ product: fc.nat(PRODUCTS - 1), quantity: fc.integer({ min: 1, max: 3 }) }),
        { minLength: 1, maxLength: 2 },
      ),
      method: fc.constantFrom('cash' as const, 'card' as const, 'upi' as const),
      extra: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(500) }),
    }),
  },
  // The waiting list (CONTRACT §13): joins, offers made by either process's worker, leaves.
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('join' as const),
      proc,
      user: fc.nat(USERS - 1),
      show: fc.nat(SHOWS - 1),
      // Small parties join only a nearly full show; large ones often, and wait for seats together.
      quantity: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: SEATS_PER_SHOW })),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('offers' as const), proc }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('leave' as const), proc, pick: fc.nat(5) }) },
  // Exchanges (CONTRACT §13): a paid booking to other seats or the other show; show 1 costs more
  // than show 0, so a move between them is dearer or cheaper, within one show equal. A dearer one
  // holds the new seats and is paid at once, later (a 'pay' command) or never (it lapses); `race`
  // starts a second exchange of the same booking on the other process.
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('exchange' as const),
      proc,
      pick: fc.nat(20),
      show: fc.nat(SHOWS - 1),
      offset: fc.nat(SEATS_PER_SHOW - 1),
      gateway: fc.constantFrom('sandbox' as const, 'stripe' as const, 'razorpay' as const),
      pay: fc.constantFrom('now' as const, 'later' as const, 'never' as const),
      race: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.record({ show: fc.nat(SHOWS - 1), offset: fc.nat(SEATS_PER_SHOW - 1) }) },
      ),
    }),
  },
];

/** One command of a schedule: an operation with the numbers that pick its pause points. */
export const commandArbitrary: fc.Arbitrary<Command> = fc
  .tuple(fc.oneof(...ops), sched, leave, crash)
  .map(
    ([op, picks, left, dies]) =>
      ({ ...op, sched: picks, leave: left, ...(dies ? { crash: true } : {}) }) as Command,
  );

/** fast-check's wrapper: every command may run at any time (the world refuses what makes no sense). */
class SimCommand implements fc.AsyncCommand<object, World> {
  constructor(readonly command: Command) {}
  check() {
    return true;
  }
  async run(_model: object, world: World) {
    await world.apply(this.command);
  }
  toString() {
    return JSON.stringify(this.command);
  }
}

export function scheduleArbitrary(maxCommands: number) {
  return fc.commands([commandArbitrary.map((command) => new SimCommand(command))], {
    maxCommands,
    size: 'max',
  });
}
