import {
  customerDetailSchema,
  customerListSchema,
  customerNoteBodySchema,
  customerNoteSchema,
  customersQuerySchema,
} from "@shop/contract/customers";
import { z } from "zod";
import { adminOnlyRoutes, currentUser } from "../auth/guards";
import { addCustomerNote, customerDetail, deleteCustomerNote, listCustomers } from "./service";

const customerParamsSchema = z.object({ customerId: z.uuid("Not a customer id") });
const noteParamsSchema = customerParamsSchema.extend({ noteId: z.uuid("Not a note id") });

/** Customers for the staff (issue 40): admins only. */
export const customerRoutes = adminOnlyRoutes(async (app, db) => {
  app.get(
    "/admin/customers",
    {
      schema: {
        summary: "Customers with their order count, total spent and last order; searchable and sortable",
        querystring: customersQuerySchema,
        response: { 200: customerListSchema },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    "/admin/customers/:customerId",
    {
      schema: {
        summary: "A customer's page: orders, delivery addresses, reviews and the staff's notes",
        params: customerParamsSchema,
        response: { 200: customerDetailSchema },
      },
    },
    async (request) => customerDetail(db, request.params.customerId),
  );

  app.post(
    "/admin/customers/:customerId/notes",
    {
      schema: {
        summary: "Write a note on a customer",
        params: customerParamsSchema,
        body: customerNoteBodySchema,
        response: { 201: customerNoteSchema },
      },
    },
    async (request, reply) => {
      const note = await addCustomerNote(
        db,
        request.params.customerId,
        currentUser(request).id,
        request.body.body,
      );
      return reply.code(201).send(note);
    },
  );

  app.delete(
    "/admin/customers/:customerId/notes/:noteId",
    {
      schema: {
        summary: "Remove a note",
        params: noteParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteCustomerNote(db, request.params.customerId, request.params.noteId);
      return reply.code(204).send();
    },
  );
});
