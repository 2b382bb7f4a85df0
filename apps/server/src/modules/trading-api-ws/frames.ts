import type { OkxOrderAck, OkxWsEvent, OkxWsOpReply } from '@exchange/contract';

/** One of OKX's socket codes with its text; `{0}` is filled with what the client sent. */
export interface WsCode {
  code: string;
  msg: string;
}

const clip = (text: string): string => (text.length > 64 ? `${text.slice(0, 64)}...` : text);

/** `{"event":"error","code":"60009","msg":"Login failure","connId":"…"}`. */
export function errorFrame(which: WsCode, connId: string, param = ''): string {
  return JSON.stringify({ event: 'error', code: which.code, msg: which.msg.replace('{0}', clip(param)), connId } satisfies OkxWsEvent);
}

export function loginFrame(connId: string): string {
  return JSON.stringify({ event: 'login', code: '0', msg: '', connId } satisfies OkxWsEvent);
}

export function subscribeFrame(op: 'subscribe' | 'unsubscribe', arg: Record<string, string>, connId: string, id?: string): string {
  return JSON.stringify({ ...(id ? { id } : {}), event: op, arg, connId });
}

/**
 * An order op's reply, matched by the client's `id`: code "0" when every order went through, "1"
 * when none did, "2" when some did, each order's own sCode in data. Unlike REST, OKX's socket leaves
 * `msg` empty then, and ccxt reads the orders' sCodes only when it is.
 */
export function opReply(id: string, op: string, acks: OkxOrderAck[], inTime: number): string {
  const failed = acks.filter((a) => a.sCode !== '0').length;
  const code = failed === 0 ? '0' : failed === acks.length ? '1' : '2';
  return JSON.stringify({ id, op, code, msg: '', data: acks, inTime: String(inTime * 1000), outTime: String(Date.now() * 1000) } satisfies OkxWsOpReply);
}

/** A request refused whole (no permission, too frequent, bad args): its code, no data. */
export function opRefusal(id: string, op: string, which: WsCode, inTime: number, param = ''): string {
  const reply: OkxWsOpReply = { id, op, code: which.code, msg: which.msg.replace('{0}', clip(param)), data: [], inTime: String(inTime * 1000), outTime: String(Date.now() * 1000) };
  return JSON.stringify(reply);
}

/** A channel's push: `{"arg":{…},"data":[…]}`. */
export function pushFrame(arg: Record<string, string>, data: readonly unknown[]): string {
  return JSON.stringify({ arg, data });
}
