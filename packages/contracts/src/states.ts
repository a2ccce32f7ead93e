import { z } from 'zod';

export const ZState = z.object({ id: z.number().int(), name: z.string(), abbreviation: z.string() });
export type TState = z.infer<typeof ZState>;
export const ZStatesResponse = z.object({ data: z.array(ZState) });
