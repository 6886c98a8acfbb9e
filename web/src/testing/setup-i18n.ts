import { loadMessages } from "@/lib/i18n";

// Components read their texts from the catalogue: the tests render them in English.
await loadMessages("en");
