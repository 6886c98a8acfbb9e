import { documentNumber } from "@shop/contract/fulfilment";
import type { Db } from "../db/client";
import type { MailMessage } from "../mail/mail-kinds";
import type { MailAttachment } from "../mail/transport";
import { getOrder } from "../orders/service";
import { invoiceOf, orderLanguage } from "./documents";
import { invoicePdf } from "./pdf";

/**
 * A confirmation whose invoice travels attached gets the PDF, made when the mail is sent (the
 * outbox row keeps the data, not the file), in the order's language as every copy of the invoice
 * is. An order deleted since has none to attach.
 */
export async function invoiceAttachments(db: Db, message: MailMessage): Promise<MailAttachment[]> {
  if (message.kind !== "order-confirmation" || message.data.invoice?.delivery !== "attach") return [];
  const order = await getOrder(db, message.data.orderId).catch(() => null);
  if (!order) return [];
  const invoice = await invoiceOf(db, order._id);
  return [
    {
      filename: `${documentNumber("invoice", invoice.number)}.pdf`,
      contentType: "application/pdf",
      content: await invoicePdf(order, invoice, await orderLanguage(db, order._id)),
    },
  ];
}
