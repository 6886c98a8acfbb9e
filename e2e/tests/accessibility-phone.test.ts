import { sweepEveryPage } from "../support/accessibility-sweep";

sweepEveryPage("shopper", "mobile");
