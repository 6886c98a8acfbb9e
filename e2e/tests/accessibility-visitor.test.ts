import { sweepEveryPage } from "../support/accessibility-sweep";

sweepEveryPage("visitor", "desktop");
