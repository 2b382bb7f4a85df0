import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { okxCancelOrderBody, okxOrderAck, okxPlaceOrderBody, type OkxCancelOrderBody, type OkxOrderAck, type OkxPlaceOrderBody } from '@exchange/contract';
import { VenueMoved } from '../ledger/ledger.js';
import type { OkxContractOrders } from '../modules/trading-api-private/index.js';
import type { Cluster } from './cluster.js';
import type { OwnerCalls } from './owner-call.js';
import { failureOf, outcomeUnknown, valueOf, venueAnswer } from './venue-answer.js';

const contractCall = z.discriminatedUnion('op', [
  z.object({ op: z.literal('place'), userId: z.string().uuid(), body: okxPlaceOrderBody }),
  z.object({ op: z.literal('cancel'), userId: z.string().uuid(), body: okxCancelOrderBody }),
]);
type ContractCall = z.infer<typeof contractCall>;
const ackAnswer = venueAnswer(okxOrderAck);

/**
 * The v5 calls' contract orders on a cluster. The futures service runs on the venues' owner alone
 * (its positions and books live in its memory), so another process, which has authenticated,
 * limited and parsed the call itself, sends the order with its user (not the HTTP call: the limits
 * are counted once, and the signature is not checked again on bytes re-serialised) to the owner
 * (cluster/owner-call.ts), which answers OKX's per-order ack as if the order had been placed here.
 * No owner in reach: 503, nothing done. The owner lost the venues before it answered: the outcome
 * is unknown (504); the order's clOrdId tells the client what became of it.
 */
export class ContractCalls implements OkxContractOrders {
  private readonly subject: string;

  constructor(
    private readonly cluster: Cluster,
    private readonly calls: OwnerCalls,
    private readonly local: OkxContractOrders,
    /** Whether this process's venues are open (after a takeover, once they are rebuilt). */
    private readonly venuesOpen: () => boolean,
    private readonly log: FastifyBaseLogger,
  ) {
    this.subject = cluster.subject('venues.okx-contracts');
    calls.serve(this.subject, (call) => this.carry(contractCall.parse(call)));
  }

  place(userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
    return this.owned() ? this.local.place(userId, body) : this.send({ op: 'place', userId, body });
  }

  cancel(userId: string, body: OkxCancelOrderBody): Promise<OkxOrderAck> {
    return this.owned() ? this.local.cancel(userId, body) : this.send({ op: 'cancel', userId, body });
  }

  private owned(): boolean {
    return this.cluster.isLeader() && this.venuesOpen();
  }

  private async send(call: ContractCall): Promise<OkxOrderAck> {
    const outcome = await this.calls.send(this.subject, call, (a) => ackAnswer.parse(a));
    if ('moved' in outcome) throw outcomeUnknown(Date.now());
    return valueOf(outcome.answer);
  }

  /** The owner's side; until the venues are rebuilt after a takeover, a call is refused: nothing done. */
  private async carry(call: ContractCall): Promise<unknown> {
    try {
      if (!this.owned()) throw new VenueMoved();
      const value = call.op === 'place' ? await this.local.place(call.userId, call.body) : await this.local.cancel(call.userId, call.body);
      return { ok: true, value };
    } catch (err) {
      return failureOf(err, this.log, 'a forwarded contract order failed');
    }
  }
}
