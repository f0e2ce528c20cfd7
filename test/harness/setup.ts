import { installDom } from "./dom";

installDom();
