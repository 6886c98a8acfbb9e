import { sweepEveryPage } from "../support/accessibility-sweep";

sweepEveryPage("admin", "desktop");
