#include <cstdlib>

#define HOST_ASSERT(cond) \
  do {                    \
    if (!(cond)) std::abort(); \
  } while (0)
#define IS_SM100(x) ((x) == 100)

int getSMVersion();

// A key in a macro's arguments is this file's text and is widened there; a
// key in a macro's body is every expansion's, and is left to a person.
void run(bool fp4) {
  const int arch_major = getSMVersion() / 10;
  HOST_ASSERT(fp4 and arch_major == 10);  // a deliberate gate: a low-confidence note, listed with --all
}

bool fast() { return IS_SM100(getSMVersion()); }
