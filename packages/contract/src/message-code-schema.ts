import { z } from 'zod';
import { codedMessages, messageParamNames, type CodedMessage, type MessageCode } from './message-codes.js';

/** A value of a coded message: a number, a coin, a network name or a date, never a paragraph. */
const paramValue = z.string().max(120);

/** The parameters of `code`: exactly its template's placeholders, each a short text. */
export function messageParamsSchema(code: MessageCode) {
  return z.strictObject(Object.fromEntries(messageParamNames(code).map((name) => [name, paramValue])));
}

/** A coded message as an answer carries it (`message_code`, `params`), checked against its code's parameters. */
export const codedMessageSchema = z
  .object({ code: z.enum(Object.keys(codedMessages) as [MessageCode, ...MessageCode[]]), params: z.record(z.string(), z.string()) })
  .superRefine((value, ctx) => {
    const checked = messageParamsSchema(value.code).safeParse(value.params);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: `The parameters of ${value.code} are ${messageParamNames(value.code).join(', ')}` });
  })
  .transform((value) => value as CodedMessage);
