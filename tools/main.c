/* sudokusat: the command line; everything lives in app.c and the library. */
#include "app_int.h"

int main(int argc, char **argv) {
  return app_main(argc, argv);
}
