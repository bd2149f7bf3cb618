/* placeholder: being written */
#include "app_int.h"

int app_rate(sks_app *app) {
  (void)app;
  app_message("'rate' is not available yet");
  return EXIT_USAGE;
}
