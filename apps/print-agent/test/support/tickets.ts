import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";

/** A kitchen ticket as the server presents it (the full contract, not only what printing reads). */
export function buildKitchenTicket(overrides: Partial<KitchenTicket> = {}): KitchenTicket {
  return {
    id: 7,
    ticketId: 123,
    timestamp: "2025-05-21T15:42:00.000Z",
    quantity: 2,
    uniqueQuantity: 1,
    preparedQuantity: 0,
    serviceMode: "DINE_IN",
    tableName: "12",
    tableId: 12,
    movedFromTableName: null,
    isPrinted: false,
    printed: false,
    sentBy: { type: "WAITER", firstName: "Νίκος", lastName: "Γεωργίου" },
    products: [
      {
        id: "a",
        productId: 1,
        name: "Χωριάτικη",
        status: "SENT",
        quantity: 2,
        price: 850,
        orderProductIds: [1, 2],
        preparationWay: null,
        basicIngredientIds: [],
        extraIngredientIds: [{ id: 2, name: "Κάπαρη", price: 50 }],
        removedIngredients: [{ id: 1, name: "Κρεμμύδι", price: 0 }],
        notes: "",
        allergens: ["milk"],
        timestamp: "2025-05-21T15:42:00.000Z",
        tableName: "12",
        tableId: 12,
      },
    ],
    cancelledUnacknowledged: [],
    ...overrides,
  };
}
