import type { FastifyBaseLogger } from 'fastify';
import type { Msg, Subscription } from 'nats';
import { z } from 'zod';
import { VenueMoved } from '../ledger/ledger.js';
import type { Cluster } from './cluster.js';
import type { VenueLease } from './venue-lease.js';
import { outcomeUnknown, venueCallFailed } from './venue-answer.js';

/**
 * How long after a follower sent a venue call the owner may still start it. Later, it refuses it
 * (nothing done): a call that waited in NATS while the connection was down, or in a paused owner,
 * cannot be carried out long after its client was told its outcome was unknown.
 */
const START_WITHIN_MS = 3_000;
/** After its start-by time, a started call has claimed its Idempotency-Key in the database (a few milliseconds). */
const CLAIMED_WITHIN_MS = 1_000;
/** How long a follower waits for the owner's answer while the lease stays with it. */
const ANSWER_WITHIN_MS = 5_000;

const epochText = z.string().regex(/^\d{1,19}$/);

/** What travels with every venue call: the lease epoch it is sent for, and the time it must start by (ms since 1970). */
const stamp = z.object({ epoch: epochText.nullable(), startBy: z.number().int() });
type Stamp = z.infer<typeof stamp>;

const sent = z.object({ stamp, call: z.unknown() });
/** The owner's reply: its answer, or the refusal of a call for another epoch or past its start-by time (nothing done). */
const replyShape = z.union([z.object({ answer: z.unknown() }), z.object({ refused: epochText })]);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Its outcome: the owner's answer, or `moved` (the lease moved past the epoch it was sent for before an answer came). */
export type CallOutcome<T> = { answer: T } | { moved: true };

/**
 * Venue calls from a follower to the venues' owner over NATS request-reply, each stamped with the
 * lease epoch the follower knows and a start-by time. A process hears them from the moment it takes
 * the lease (before its venues are rebuilt, it answers "not yet": nothing done), so that a call never
 * waits for a paused old owner that still listens. Only the holder of the call's epoch carries it
 * out; the holder of another refuses it, naming its own, and the call is sent again for that one,
 * once; a process whose lease lapsed says nothing (the new owner hears the call too). The follower
 * waits for the first of: the answer; a newer epoch seen (the old owner can write nothing more, so
 * what it did with the call is in the database for good: the caller reads it there); NATS dropping
 * or the time running out (outcome unknown, final after the start-by time).
 */
export class OwnerCalls {
  constructor(
    private readonly cluster: Cluster,
    private readonly lease: Pick<VenueLease, 'epochs' | 'epoch' | 'onHold'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Follower's side: sends `call` on `subject` and waits as above; `parse` reads the owner's answer.
   * Throws VENUE_MOVED, VENUE_UNREACHABLE or OUTCOME_UNKNOWN.
   */
  async send<T>(subject: string, call: unknown, parse: (answer: unknown) => T): Promise<CallOutcome<T>> {
    // Holding the lease without the venues open: taking them over, or giving them up. NATS does not
    // bring a process its own messages (noEcho), so the call would go to nobody but a paused old owner.
    if (this.lease.epoch() !== null) throw new VenueMoved();
    for (let attempt = 0; ; attempt++) {
      const sentFor: Stamp = { epoch: this.lease.epochs.current(), startBy: Date.now() + START_WITHIN_MS };
      const moved = this.lease.epochs.newerThan(sentFor.epoch);
      let outcome: { text: string } | { moved: true };
      try {
        outcome = await Promise.race([
          this.cluster.request(subject, encoder.encode(JSON.stringify({ stamp: sentFor, call })), ANSWER_WITHIN_MS).then((msg) => ({ text: decoder.decode(msg.data) })),
          moved.seen.then(() => ({ moved: true as const })),
        ]);
      } catch (err) {
        const failed = venueCallFailed(err, sentFor.startBy + CLAIMED_WITHIN_MS);
        if (failed.statusCode === 504) this.log.warn({ err: (err as Error).message, subject }, 'a venue call got no answer from the owner');
        throw failed;
      } finally {
        moved.stop();
      }
      if ('moved' in outcome) return outcome;
      let answered: { answer: T } | { refused: string };
      try {
        const r = replyShape.parse(JSON.parse(outcome.text));
        answered = 'answer' in r ? { answer: parse(r.answer) } : r;
      } catch {
        // Whoever reaches NATS can reply: a reply that is not the owner's leaves the outcome unknown.
        throw outcomeUnknown(sentFor.startBy + CLAIMED_WITHIN_MS);
      }
      if ('answer' in answered) return answered;
      // Refused for an epoch this process had not seen: nothing was done, and the holder of that one may do it.
      const newer = sentFor.epoch === null || BigInt(answered.refused) > BigInt(sentFor.epoch);
      if (!newer || attempt > 0) throw new VenueMoved();
      this.lease.epochs.seen(answered.refused);
    }
  }

  /**
   * Owner's side: while this process holds the lease, hears the calls on `subject`; `carry` carries
   * one out (it throws on a malformed one, which is dropped) and resolves with its answer.
   */
  serve(subject: string, carry: (call: unknown) => Promise<unknown>): void {
    let sub: Subscription | null = null;
    this.lease.onHold((held) => {
      sub?.unsubscribe();
      sub = held
        ? this.cluster.nats.subscribe(subject, {
            callback: (err, msg) => {
              if (err) this.log.warn({ err, subject }, 'venue calls: subscription error');
              else void this.answer(msg, carry);
            },
          })
        : null;
    });
  }

  private async answer(msg: Msg, carry: (call: unknown) => Promise<unknown>): Promise<void> {
    let answer: unknown;
    try {
      const { stamp: sentFor, call } = sent.parse(JSON.parse(decoder.decode(msg.data)));
      const mine = this.lease.epoch();
      // Its lease lapsed: it owns nothing now, and the new owner hears the call too.
      if (mine === null) return;
      if (sentFor.epoch !== mine || Date.now() > sentFor.startBy) {
        this.respond(msg, { refused: mine });
        return;
      }
      answer = await carry(call);
    } catch (err) {
      this.log.warn({ err: (err as Error).message, subject: msg.subject }, 'a malformed venue call was dropped');
      return;
    }
    this.respond(msg, { answer });
  }

  private respond(msg: Msg, reply: z.infer<typeof replyShape>): void {
    const data = encoder.encode(JSON.stringify(reply));
    this.cluster.batch(
      () => msg.respond(data),
      (err) => this.log.warn({ err, subject: msg.subject }, 'the answer to a venue call could not be sent'),
    );
  }
}
