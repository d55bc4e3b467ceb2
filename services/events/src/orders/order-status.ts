/** Free orders are fulfilled at once; paid ones wait for billing to confirm the payment. */
export type OrderStatus = 'fulfilled' | 'awaiting_payment';
